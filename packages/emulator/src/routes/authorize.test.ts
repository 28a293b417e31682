import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { authorizeQuery, pkcePair } from '../testing.ts';

const { challenge } = pkcePair();

async function open(extra: Record<string, string>) {
  const app = createEmulator();
  return app.request(`/authorize?${authorizeQuery(challenge, extra)}`);
}

function redirectParams(res: Response) {
  return Object.fromEntries(new URL(res.headers.get('Location') ?? '').searchParams);
}

test('the consent page offers a button per listener and Cancel', async () => {
  const res = await open({});
  const html = await res.text();
  expect(res.status).toBe(200);
  for (const name of ['Demo Listener', 'Casual Listener', 'New Listener', 'Guest Listener'])
    expect(html).toContain(`>Log in as ${name}</button>`);
  expect(html).toContain('>Cancel</button>');
});

test('any loopback port is accepted, on 127.0.0.1 and [::1]', async () => {
  expect((await open({ redirect_uri: 'http://127.0.0.1:41234/callback' })).status).toBe(200);
  expect((await open({ redirect_uri: 'http://[::1]:8080/callback' })).status).toBe(200);
});

test('an unknown client gets an error page, not a redirect', async () => {
  const res = await open({ client_id: 'someone-else' });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('INVALID_CLIENT: Invalid client');
});

test('localhost, plain-http hosts and unregistered paths are invalid redirect URIs', async () => {
  for (const uri of [
    'http://localhost:5173/callback',
    'http://example.com/callback',
    'http://127.0.0.1:5173/other',
    'not a url',
  ]) {
    const res = await open({ redirect_uri: uri });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('INVALID_CLIENT: Invalid redirect URI');
  }
});

test('a bad response type, challenge method, challenge or scope is redirected back with an error', async () => {
  const cases: [Record<string, string>, string][] = [
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ scope: 'user-top-read everything' }, 'invalid_scope'],
  ];
  for (const [extra, error] of cases) {
    const res = await open(extra);
    expect(res.status).toBe(302);
    expect(redirectParams(res)).toMatchObject({ error, state: 'xyz' });
  }
});

test('Cancel returns access_denied with the state', async () => {
  const app = createEmulator();
  const form = authorizeQuery(challenge);
  form.set('cancel', '1');
  const res = await app.request('/authorize', { method: 'POST', body: form });
  expect(res.status).toBe(303);
  expect(redirectParams(res)).toEqual({ error: 'access_denied', state: 'xyz' });
});

test('choosing a listener redirects with a code and the state', async () => {
  const app = createEmulator();
  const form = authorizeQuery(challenge);
  form.set('listener', 'casual-listener');
  const res = await app.request('/authorize', { method: 'POST', body: form });
  expect(res.headers.get('Location')).toMatch(
    /^http:\/\/127\.0\.0\.1:5173\/callback\?code=[\w-]+&state=xyz$/,
  );
});

test('a tampered consent form is checked again', async () => {
  const app = createEmulator();
  const form = authorizeQuery(challenge, { redirect_uri: 'https://evil.example/callback' });
  form.set('listener', 'demo-listener');
  const res = await app.request('/authorize', { method: 'POST', body: form });
  expect(res.status).toBe(400);
});

test('a client from the data file with its own redirect URI', async () => {
  const app = createEmulator({
    data: {
      artists: [],
      listeners: [{ id: 'a', display_name: 'A', top_artists: [] }],
      clients: [{ id: 'prod-app', redirect_uris: ['https://app.example/callback'] }],
    },
  });
  const ok = await app.request(
    `/authorize?${authorizeQuery(challenge, { client_id: 'prod-app', redirect_uri: 'https://app.example/callback' })}`,
  );
  expect(await ok.text()).toContain('Log in as A');
  const other = await app.request(
    `/authorize?${authorizeQuery(challenge, { client_id: 'prod-app', redirect_uri: 'https://app.example/cb' })}`,
  );
  expect(other.status).toBe(400);
});
