import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { authorize, bearer, pkcePair, REDIRECT_URI, signIn, token } from '../testing.ts';

test('a listener signs in with PKCE and reads their profile', async () => {
  const app = createEmulator();
  const tokens = await signIn(app);
  expect(tokens.expires_in).toBe(3600);
  const me = await app.request('/v1/me', bearer(tokens.access_token));
  expect(await me.json()).toMatchObject({ id: 'demo-listener', display_name: 'Demo Listener' });
});

test('a wrong code verifier is refused', async () => {
  const app = createEmulator();
  const { challenge } = pkcePair();
  const code = await authorize(app, 'demo-listener', challenge);
  const res = await token(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: pkcePair().verifier,
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error: 'invalid_grant',
    error_description: 'code_verifier was incorrect',
  });
});

test('a code works once; its replay is refused and revokes the tokens it gave', async () => {
  const app = createEmulator();
  const { verifier, challenge } = pkcePair();
  const code = await authorize(app, 'demo-listener', challenge);
  const fields = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  };
  const first = (await (await token(app, fields)).json()) as { access_token: string };
  const again = await token(app, fields);
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  expect((await app.request('/v1/me', bearer(first.access_token))).status).toBe(401);
});

test('a code expires after 60 seconds', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const app = createEmulator({ clock: () => now });
  const { verifier, challenge } = pkcePair();
  const code = await authorize(app, 'demo-listener', challenge);
  now += 61_000;
  const res = await token(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(await res.json()).toEqual({
    error: 'invalid_grant',
    error_description: 'Authorization code expired',
  });
});

test('the redirect URI must be the one used at authorize', async () => {
  const app = createEmulator();
  const { verifier, challenge } = pkcePair();
  const code = await authorize(app, 'demo-listener', challenge);
  const res = await token(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: 'http://127.0.0.1:9999/callback',
    code_verifier: verifier,
  });
  expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid redirect URI' });
});

test('an unknown client is refused', async () => {
  const app = createEmulator();
  const res = await token(app, { client_id: 'nobody', grant_type: 'refresh_token', refresh_token: 'x' });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client' });
});

test('refresh tokens rotate and a reused one revokes the whole family', async () => {
  const app = createEmulator();
  const first = await signIn(app);
  const rotated = (await (
    await token(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
  ).json()) as {
    access_token: string;
    refresh_token: string;
  };
  expect(rotated.refresh_token).not.toBe(first.refresh_token);
  const reuse = await token(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
  expect(reuse.status).toBe(400);
  expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
  const afterRevoke = await token(app, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
  expect(await afterRevoke.json()).toMatchObject({ error: 'invalid_grant' });
  expect((await app.request('/v1/me', bearer(rotated.access_token))).status).toBe(401);
});

test('an expired refresh token is invalid_grant', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const app = createEmulator({ clock: () => now, refreshTokenSeconds: 100 });
  const tokens = await signIn(app);
  now += 101_000;
  const res = await token(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Refresh token expired' });
});

test('a missing or unknown grant type is unsupported_grant_type', async () => {
  const app = createEmulator();
  expect(await (await token(app, {})).json()).toMatchObject({ error: 'unsupported_grant_type' });
  expect(await (await token(app, { grant_type: 'password' })).json()).toMatchObject({
    error: 'unsupported_grant_type',
  });
});

test('an expired access token answers "The access token expired"', async () => {
  const app = createEmulator();
  const tokens = await signIn(app);
  await app.request('/_emulator/clock', { method: 'POST', body: JSON.stringify({ advanceSeconds: 3601 }) });
  const res = await app.request('/v1/me', bearer(tokens.access_token));
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
});

test('a call outside the granted scopes is 403 Insufficient client scope', async () => {
  const app = createEmulator();
  const tokens = await signIn(app);
  expect((await app.request('/v1/me/top/artists', bearer(tokens.access_token))).status).toBe(200);
  const res = await app.request('/v1/me/player/devices', bearer(tokens.access_token));
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ error: { status: 403, message: 'Insufficient client scope' } });
});
