import { createEmulator } from '@heavy-rotation/emulator';
import { expect, test } from 'vitest';
import { createClient } from '../client.ts';
import { SpotifyAuthError } from '../errors.ts';
import { getCurrentUserProfile } from '../resources/users.ts';
import { setup } from '../test-emulator.ts';
import { createAuthorizeUrl, exchangeCode, refreshAccessToken } from './oauth.ts';
import { singleFlight } from './single-flight.ts';

const ACCOUNTS = 'http://accounts.test';
const REDIRECT = 'http://127.0.0.1:5173/callback';
const CLIENT_ID = 'heavy-rotation-demo';

function accounts() {
  const emulator = createEmulator();
  const grantTypes: string[] = [];
  const fetch = async (input: string, init: RequestInit) => {
    grantTypes.push(new URLSearchParams(String(init.body)).get('grant_type') ?? '');
    return emulator.fetch(new Request(input, init));
  };
  return { emulator, fetch, grantTypes };
}

/** Signs in as a listener on the consent page, as a browser would, and returns the code. */
async function consent(emulator: ReturnType<typeof createEmulator>, url: string, listener: string) {
  const form = new URL(url).searchParams;
  form.set('listener', listener);
  const res = await emulator.fetch(new Request(`${ACCOUNTS}/authorize`, { method: 'POST', body: form }));
  return new URL(res.headers.get('Location') ?? '');
}

test('createAuthorizeUrl builds the PKCE authorize URL with a fresh state and verifier', async () => {
  const request = await createAuthorizeUrl({
    clientId: CLIENT_ID,
    redirectUri: REDIRECT,
    scope: ['user-top-read', 'user-read-email'],
    accountsUrl: `${ACCOUNTS}/`,
  });
  const url = new URL(request.url);
  expect(url.origin + url.pathname).toBe(`${ACCOUNTS}/authorize`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'user-top-read user-read-email',
    code_challenge_method: 'S256',
    state: request.state,
  });
  expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(request.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
  const defaults = await createAuthorizeUrl({ clientId: CLIENT_ID, redirectUri: REDIRECT, scope: [] });
  expect(defaults.url.startsWith('https://accounts.spotify.com/authorize?')).toBe(true);
});

test('exchangeCode trades the code and verifier for tokens that open the Web API', async () => {
  const { emulator, fetch, grantTypes } = accounts();
  const request = await createAuthorizeUrl({
    clientId: CLIENT_ID,
    redirectUri: REDIRECT,
    scope: ['user-top-read'],
    accountsUrl: ACCOUNTS,
  });
  const back = await consent(emulator, request.url, 'casual-listener');
  expect(back.searchParams.get('state')).toBe(request.state);
  const tokens = await exchangeCode({
    clientId: CLIENT_ID,
    accountsUrl: ACCOUNTS,
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
    codeVerifier: request.codeVerifier,
    fetch,
  });
  expect(grantTypes).toEqual(['authorization_code']);
  expect(tokens).toMatchObject({
    token_type: 'Bearer',
    access_token: expect.any(String),
    refresh_token: expect.any(String),
  });
  const client = createClient({
    baseUrl: `${ACCOUNTS}/v1`,
    fetch: (input, init) => emulator.fetch(new Request(input, init)),
    getAccessToken: () => tokens.access_token,
  });
  expect((await getCurrentUserProfile(client)).id).toBe('casual-listener');
});

test('exchangeCode with a wrong verifier rejects with SpotifyAuthError invalid_grant', async () => {
  const { emulator, fetch } = accounts();
  const request = await createAuthorizeUrl({
    clientId: CLIENT_ID,
    redirectUri: REDIRECT,
    scope: [],
    accountsUrl: ACCOUNTS,
  });
  const back = await consent(emulator, request.url, 'demo-listener');
  const error = await exchangeCode({
    clientId: CLIENT_ID,
    accountsUrl: ACCOUNTS,
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
    codeVerifier: 'x'.repeat(128),
    fetch,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SpotifyAuthError);
  expect(error).toMatchObject({ status: 400, error: 'invalid_grant', method: 'POST', path: '/api/token' });
  expect((error as Error).message).toMatch(/^Spotify API Error \(400\): /);
});

test('refreshAccessToken gets a new access token and keeps a refresh token', async () => {
  const env = await setup();
  const fetch = (input: string, init: RequestInit) => env.emulator.fetch(new Request(input, init));
  const refreshed = await refreshAccessToken({
    clientId: CLIENT_ID,
    accountsUrl: ACCOUNTS,
    refreshToken: env.tokens.refresh_token,
    fetch,
  });
  expect(refreshed.access_token).not.toBe(env.tokens.access_token);
  expect(refreshed.refresh_token).toEqual(expect.any(String));
  env.setAccessToken(refreshed.access_token);
  expect((await getCurrentUserProfile(env.client)).id).toBe('demo-listener');
});

test('refreshAccessToken keeps the old refresh token when the answer has none', async () => {
  const env = await setup();
  const fetch = (input: string, init: RequestInit) => env.emulator.fetch(new Request(input, init));
  await env.fault({
    method: 'POST',
    path: '/api/token',
    status: 200,
    body: { access_token: 'new', token_type: 'Bearer', expires_in: 3600 },
  });
  const refreshed = await refreshAccessToken({
    clientId: CLIENT_ID,
    accountsUrl: ACCOUNTS,
    refreshToken: 'old-refresh',
    fetch,
  });
  expect(refreshed).toMatchObject({ access_token: 'new', refresh_token: 'old-refresh' });
});

test('a reused refresh token rejects with invalid_grant, and single-flight avoids the reuse', async () => {
  const env = await setup();
  const fetch = (input: string, init: RequestInit) => env.emulator.fetch(new Request(input, init));
  const options = {
    clientId: CLIENT_ID,
    accountsUrl: ACCOUNTS,
    refreshToken: env.tokens.refresh_token,
    fetch,
  };
  const shared = singleFlight(() => refreshAccessToken(options));
  const [a, b] = await Promise.all([shared(), shared()]);
  expect(a).toBe(b);
  await expect(refreshAccessToken(options)).rejects.toMatchObject({
    name: 'SpotifyAuthError',
    error: 'invalid_grant',
  });
});

test('a non-JSON token answer rejects with SpotifyAuthError invalid_response', async () => {
  const env = await setup();
  const fetch = (input: string, init: RequestInit) => env.emulator.fetch(new Request(input, init));
  await env.fault({ method: 'POST', path: '/api/token', status: 502, body: 'Bad Gateway' });
  await expect(
    refreshAccessToken({ clientId: CLIENT_ID, accountsUrl: ACCOUNTS, refreshToken: 'r', fetch }),
  ).rejects.toMatchObject({
    status: 502,
    error: 'invalid_response',
  });
});
