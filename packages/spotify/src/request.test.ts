import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { createClient } from './client.ts';
import { SpotifyApiError } from './errors.ts';
import { getArtist } from './resources/artists.ts';
import { getCurrentUserProfile, getMyTopArtists } from './resources/users.ts';
import { ORIGIN, setup } from './test-emulator.ts';

test('a call sends the bearer token and url-encoded query and resolves to the parsed body', async () => {
  const { client, last } = await setup();
  const page = await getMyTopArtists(client, { limit: 5, time_range: 'short_term' });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/top/artists',
    query: { limit: '5', time_range: 'short_term' },
  });
  expect(last().authorization).toMatch(/^Bearer \S+$/);
  expect(page.items).toHaveLength(5);
  expect(page.items[0]).toMatchObject({ type: 'artist', id: expect.any(String), name: expect.any(String) });
});

test('undefined and null query values are left out', async () => {
  const { client, last } = await setup();
  await getMyTopArtists(client, { limit: undefined, time_range: 'long_term' });
  expect(last().query).toEqual({ time_range: 'long_term' });
});

test('an error answer rejects with SpotifyApiError carrying status, provider message, method, path and body', async () => {
  const { client } = await setup();
  const error = await getArtist(client, 'not-an-artist-id').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SpotifyApiError);
  const apiError = error as SpotifyApiError;
  expect(apiError.status).toBeGreaterThanOrEqual(400);
  expect(apiError.method).toBe('GET');
  expect(apiError.path).toBe('/artists/not-an-artist-id');
  expect(apiError.body).toMatchObject({ error: { status: apiError.status } });
  expect(apiError.message).toBe(`Spotify API Error (${apiError.status}): ${apiError.providerMessage}`);
  expect(String(apiError)).toBe(apiError.message);
});

test('a listener the app does not admit gets a 403 SpotifyApiError', async () => {
  const { client } = await setup('guest-listener');
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({ status: 403, name: 'SpotifyApiError' });
});

test('a fault body with error_description or plain text still gives a readable message', async () => {
  const { client, fault } = await setup();
  await fault({
    path: '/v1/me',
    status: 400,
    body: { error: 'invalid_request', error_description: 'Bad thing' },
  });
  await expect(getCurrentUserProfile(client)).rejects.toThrow('Spotify API Error (400): Bad thing');
  await fault({ path: '/v1/me', status: 418, body: 'short and stout' });
  await expect(getCurrentUserProfile(client)).rejects.toThrow('Spotify API Error (418): short and stout');
});

test('a player error keeps the provider reason', async () => {
  const { client, fault } = await setup();
  const body = {
    error: {
      status: 404,
      message: 'Player command failed: No active device found',
      reason: 'NO_ACTIVE_DEVICE',
    },
  };
  await fault({ path: '/v1/me', status: 404, body });
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({
    status: 404,
    reason: 'NO_ACTIVE_DEVICE',
  });
});

test('an expired token calls onUnauthorized once and retries once with the fresh token', async () => {
  let calls = 0;
  const env = await setup('demo-listener', {
    onUnauthorized: () => {
      calls++;
      env.setAccessToken(env.tokens.access_token);
    },
  });
  env.setAccessToken('expired-token');
  const me = await getCurrentUserProfile(env.client);
  expect(me.id).toBe('demo-listener');
  expect(calls).toBe(1);
  expect(env.sent.map((r) => r.authorization)).toEqual([
    'Bearer expired-token',
    `Bearer ${env.tokens.access_token}`,
  ]);
  const log = (await env.control('GET', '/_emulator/requests')) as {
    requests: { path: string; status: number }[];
  };
  expect(log.requests.filter((r) => r.path === '/v1/me').map((r) => r.status)).toEqual([401, 200]);
});

test('a second 401 after the retry rejects without calling onUnauthorized again', async () => {
  let calls = 0;
  const env = await setup('demo-listener', { onUnauthorized: () => calls++ });
  env.setAccessToken('still-bad');
  await expect(getCurrentUserProfile(env.client)).rejects.toMatchObject({ status: 401 });
  expect(calls).toBe(1);
  expect(env.sent).toHaveLength(2);
});

test('a 429 waits for Retry-After and then succeeds', async () => {
  const { client, fault, sent } = await setup();
  await fault({ path: '/v1/me', status: 429, retryAfter: 1 });
  const me = await getCurrentUserProfile(client);
  expect(me.id).toBe('demo-listener');
  expect(sent).toHaveLength(2);
});

test('a Retry-After beyond the cap throws at once with retryAfter so the caller can tell the user', async () => {
  const { client, fault, sent } = await setup('demo-listener', { retry: { maxRetryAfter: 30 } });
  await fault({ path: '/v1/me', retryAfter: 120 });
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({ status: 429, retryAfter: 120 });
  expect(sent).toHaveLength(1);
});

test('5xx answers of a GET are retried with back-off up to the limit', async () => {
  const { client, fault, sent } = await setup('demo-listener', { retry: { limit: 2, delayMs: 1 } });
  await fault({ path: '/v1/me', status: 503, times: 2 });
  await expect(getCurrentUserProfile(client)).resolves.toMatchObject({ id: 'demo-listener' });
  await fault({ path: '/v1/me', status: 500, times: 3 });
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({ status: 500 });
  expect(sent).toHaveLength(6);
});

/** A base URL on this machine where nothing listens, so fetch fails as it does offline. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

test('a POST is not repeated after a 5xx or a network error; a GET is', async () => {
  const { client, fault, sent } = await setup();
  await fault({ method: 'POST', path: '/v1/me/player/next', status: 502 });
  await expect(client.request('POST', '/me/player/next')).rejects.toMatchObject({ status: 502 });
  expect(sent).toHaveLength(1);
  const attempts: string[] = [];
  const offline = createClient({
    baseUrl: await closedPort(),
    getAccessToken: () => {
      attempts.push('attempt');
      return 't';
    },
    retry: { delayMs: 1 },
  });
  await expect(offline.request('POST', '/me/player/next')).rejects.toThrow(TypeError);
  expect(attempts).toHaveLength(1);
  await expect(offline.request('GET', '/me')).rejects.toThrow(TypeError);
  expect(attempts).toHaveLength(1 + 4);
});

// The two tests below inject a fault into the real emulator's traffic: a dropped connection, and a
// Retry-After in its rarer HTTP-date form.
test('a network failure of a GET is retried and then succeeds', async () => {
  const env = await setup();
  let failures = 1;
  const flaky = createClient({
    baseUrl: `${ORIGIN}/v1`,
    getAccessToken: () => env.tokens.access_token,
    fetch: (input, init) =>
      failures-- > 0 ? Promise.reject(new TypeError('fetch failed')) : env.fetch(input, init),
    retry: { delayMs: 1 },
  });
  await expect(getCurrentUserProfile(flaky)).resolves.toMatchObject({ id: 'demo-listener' });
});

test('a Retry-After given as an HTTP date is waited out too', async () => {
  const env = await setup();
  await env.fault({ path: '/v1/me', retryAfter: 1 });
  const client = createClient({
    baseUrl: `${ORIGIN}/v1`,
    getAccessToken: () => env.tokens.access_token,
    fetch: async (input, init) => {
      const res = await env.fetch(input, init);
      if (res.status !== 429) return res;
      const headers = new Headers(res.headers);
      headers.set('Retry-After', new Date(Date.now() - 1000).toUTCString());
      return new Response(await res.text(), { status: 429, headers });
    },
  });
  await expect(getCurrentUserProfile(client)).resolves.toMatchObject({ id: 'demo-listener' });
  expect(env.sent).toHaveLength(2);
});

test('an aborted call rejects with the abort reason and is not retried', async () => {
  const { client, fault, sent } = await setup();
  await fault({ path: '/v1/me', delayMs: 2000 });
  const controller = new AbortController();
  const pending = getCurrentUserProfile(client, { signal: controller.signal });
  controller.abort(new Error('left the page'));
  await expect(pending).rejects.toThrow('left the page');
  expect(sent).toHaveLength(1);
});

test('an abort during a back-off wait stops the retries', async () => {
  const { client, fault, sent } = await setup('demo-listener', { retry: { delayMs: 10_000 } });
  await fault({ path: '/v1/me', status: 503 });
  const controller = new AbortController();
  const pending = getCurrentUserProfile(client, { signal: controller.signal });
  while (sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  controller.abort(new Error('gave up'));
  await expect(pending).rejects.toThrow('gave up');
  expect(sent).toHaveLength(1);
});

test('timeoutMs ends a call that takes too long', async () => {
  const { client, fault } = await setup('demo-listener', { timeoutMs: 50 });
  await fault({ path: '/v1/me', delayMs: 2000 });
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({ name: 'TimeoutError' });
  await fault({ path: '/v1/me', delayMs: 2000 });
  const controller = new AbortController();
  await expect(
    getCurrentUserProfile(client, { signal: controller.signal, timeoutMs: 20 }),
  ).rejects.toMatchObject({
    name: 'TimeoutError',
  });
});

test('a 204 or empty success resolves to undefined and a non-JSON success does not throw', async () => {
  const { client, fault } = await setup();
  await fault({ path: '/v1/me', status: 204 });
  await expect(getCurrentUserProfile(client)).resolves.toBeUndefined();
  await fault({ path: '/v1/me', status: 200, body: 'ok, done' });
  await expect(getCurrentUserProfile(client)).resolves.toBeUndefined();
});

test('clients keep their own settings side by side', async () => {
  const a = await setup('demo-listener');
  const b = await setup('casual-listener');
  expect((await getCurrentUserProfile(a.client)).id).toBe('demo-listener');
  expect((await getCurrentUserProfile(b.client)).id).toBe('casual-listener');
});

test('a failing getAccessToken rejects at once without a request or a retry', async () => {
  let asked = 0;
  const client = createClient({
    baseUrl: `${ORIGIN}/v1`,
    getAccessToken: () => {
      asked++;
      throw new Error('No access token');
    },
  });
  await expect(getCurrentUserProfile(client)).rejects.toThrow('No access token');
  expect(asked).toBe(1);
});

test('an error body with a null error still rejects with SpotifyApiError', async () => {
  const { client, fault } = await setup();
  await fault({ path: '/v1/me', status: 400, body: { error: null } });
  await expect(getCurrentUserProfile(client)).rejects.toMatchObject({ name: 'SpotifyApiError', status: 400 });
});
