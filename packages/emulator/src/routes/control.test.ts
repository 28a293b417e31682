import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { loadDataFile } from '../data/load.ts';
import { bearer, signIn, token } from '../testing.ts';

type App = ReturnType<typeof createEmulator>;

function control(app: App, path: string, body?: unknown, method = 'POST') {
  return app.request(`/_emulator${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function tokenFor(app: App, listenerId = 'demo-listener') {
  const res = await control(app, '/tokens', { listenerId });
  return ((await res.json()) as { access_token: string }).access_token;
}

test('a fault answers the next matching call with its status, then the route recovers', async () => {
  const app = createEmulator();
  const access = await tokenFor(app);
  await control(app, '/faults', { path: '/v1/me/top/artists', status: 503 });
  const failed = await app.request('/v1/me/top/artists', bearer(access));
  expect(failed.status).toBe(503);
  expect(await failed.json()).toEqual({ error: { status: 503, message: 'Service unavailable' } });
  expect((await app.request('/v1/me/top/artists', bearer(access))).status).toBe(200);
});

test('retryAfter makes a 429 with Retry-After, readable cross-origin, for the given number of calls', async () => {
  const app = createEmulator();
  const access = await tokenFor(app);
  await control(app, '/faults', { method: 'GET', path: '/v1/me', retryAfter: 7, times: 2 });
  for (let i = 0; i < 2; i++) {
    const res = await app.request('/v1/me', {
      headers: { ...bearer(access).headers, Origin: 'http://127.0.0.1:5173' },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('7');
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
  }
  expect((await app.request('/v1/me', bearer(access))).status).toBe(200);
});

test('a fault with times -1 lasts until cleared, and a custom body is sent as given', async () => {
  const app = createEmulator();
  await control(app, '/faults', {
    path: '/api/token',
    status: 400,
    body: { error: 'invalid_grant' },
    times: -1,
  });
  for (let i = 0; i < 3; i++)
    expect(await (await token(app, { grant_type: 'refresh_token' })).json()).toEqual({
      error: 'invalid_grant',
    });
  await control(app, '/faults', undefined, 'DELETE');
  expect(await (await token(app, { grant_type: 'refresh_token' })).json()).toMatchObject({
    error: 'invalid_request',
  });
});

test('a delay-only fault still answers normally', async () => {
  const app = createEmulator();
  const access = await tokenFor(app);
  await control(app, '/faults', { path: '/v1/me', delayMs: 20 });
  expect((await app.request('/v1/me', bearer(access))).status).toBe(200);
});

test('a fault that does not make sense is refused', async () => {
  const app = createEmulator();
  expect((await control(app, '/faults', { path: 'v1/me' })).status).toBe(400);
  expect((await control(app, '/faults', { path: '/v1/me', status: 99 })).status).toBe(400);
  expect((await control(app, '/faults', { path: '/v1/me', times: 0 })).status).toBe(400);
});

test('moving the clock expires access tokens; refreshing gives a working one', async () => {
  const app = createEmulator();
  const tokens = await signIn(app);
  expect((await control(app, '/clock', { advanceSeconds: 3600 })).status).toBe(200);
  const expired = await app.request('/v1/me', bearer(tokens.access_token));
  expect(await expired.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
  const refreshed = (await (
    await token(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
  ).json()) as {
    access_token: string;
  };
  expect((await app.request('/v1/me', bearer(refreshed.access_token))).status).toBe(200);
});

test('the request log counts token refreshes and never holds tokens', async () => {
  const app = createEmulator();
  const tokens = await signIn(app);
  await token(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
  await app.request('/v1/me', bearer(tokens.access_token));
  const { requests } = (await (await app.request('/_emulator/requests')).json()) as {
    requests: { grantType?: string }[];
  };
  expect(requests.filter((r) => r.grantType === 'refresh_token')).toHaveLength(1);
  expect(requests).toContainEqual({ method: 'GET', path: '/v1/me', status: 200 });
  expect(JSON.stringify(requests)).not.toContain(tokens.access_token);
  await control(app, '/requests', undefined, 'DELETE');
  expect(await (await app.request('/_emulator/requests')).json()).toEqual({ requests: [] });
});

test('reset forgets tokens, faults, library changes and the clock offset', async () => {
  const app = createEmulator();
  const access = await tokenFor(app);
  await control(app, '/faults', { path: '/v1/me', status: 500, times: -1 });
  await control(app, '/clock', { advanceSeconds: 100 });
  await control(app, '/reset');
  expect((await app.request('/v1/me', bearer(access))).status).toBe(401);
  expect((await app.request('/v1/me', bearer(await tokenFor(app)))).status).toBe(200);
});

test('issued tokens honour expiresIn and name a real listener', async () => {
  const app = createEmulator();
  const res = await control(app, '/tokens', { listenerId: 'casual-listener', expiresIn: 60 });
  const tokens = (await res.json()) as { access_token: string; expires_in: number; token_type: string };
  expect(tokens).toMatchObject({ expires_in: 60, token_type: 'Bearer' });
  await control(app, '/clock', { advanceSeconds: 61 });
  expect((await app.request('/v1/me', bearer(tokens.access_token))).status).toBe(401);
  expect((await control(app, '/tokens', { listenerId: 'nobody' })).status).toBe(400);
});

test('every control is absent when disabled, and the Web API still answers', async () => {
  const app = createEmulator({ control: false });
  const controls: [string, string][] = [
    ['POST', '/faults'],
    ['GET', '/faults'],
    ['DELETE', '/faults'],
    ['POST', '/clock'],
    ['POST', '/reset'],
    ['PUT', '/listeners/demo-listener/top-artists'],
    ['POST', '/reload'],
    ['GET', '/requests'],
    ['DELETE', '/requests'],
    ['POST', '/tokens'],
  ];
  for (const [method, path] of controls) {
    expect(
      (await control(app, path, method === 'GET' ? undefined : {}, method)).status,
      `${method} ${path}`,
    ).toBe(404);
  }
  for (const [method, path] of [
    ['GET', '/openai/_generator/calls'],
    ['DELETE', '/openai/_generator/calls'],
    ['POST', '/openai/_generator/faults'],
    ['DELETE', '/openai/_generator/faults'],
  ] as const) {
    expect((await app.request(path, { method })).status, `${method} ${path}`).toBe(404);
  }
  expect((await app.request('/healthz')).status).toBe(200);
  expect((await app.request('/v1/me')).status).toBe(401);
});

async function topIds(app: App, access: string): Promise<string[]> {
  const res = await app.request('/v1/me/top/artists?limit=50', bearer(access));
  return ((await res.json()) as { items: { id: string }[] }).items.map((a) => a.id);
}

test("a listener's top artists can be replaced while signed in, and reset brings the original back", async () => {
  const app = createEmulator();
  const access = await tokenFor(app);
  const before = await topIds(app, access);
  const shifted = [before[9], before[0], ...before.slice(20, 30)] as string[];
  const res = await control(app, '/listeners/demo-listener/top-artists', { artists: shifted }, 'PUT');
  expect(res.status).toBe(200);
  expect(await topIds(app, access)).toEqual(shifted);
  // Another emulator built from the same built-in data is untouched.
  const other = createEmulator();
  expect(await topIds(other, await tokenFor(other))).toEqual(before);
  await control(app, '/reset');
  expect(await topIds(app, await tokenFor(app))).toEqual(before);
});

test('replacing top artists refuses unknown listeners, unknown ids, repeats and other shapes', async () => {
  const app = createEmulator();
  const put = (id: string, body: unknown) => control(app, `/listeners/${id}/top-artists`, body, 'PUT');
  expect((await put('nobody', { artists: [] })).status).toBe(404);
  const unknown = await put('demo-listener', { artists: ['0000000000000000000000'] });
  expect(unknown.status).toBe(400);
  expect(((await unknown.json()) as { error: string }).error).toContain('0000000000000000000000');
  const access = await tokenFor(app);
  const [first] = await topIds(app, access);
  expect((await put('demo-listener', { artists: [first, first] })).status).toBe(400);
  expect((await put('demo-listener', { artists: 'x' })).status).toBe(400);
  expect((await put('demo-listener', [first])).status).toBe(400);
});

test('reload reads the data file again and keeps signed-in listeners signed in; a bad file changes nothing', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'emulator-reload-')), 'data.json');
  const artists = ['One', 'Two', 'Three'].map((name, i) => ({ id: `${'a'.repeat(21)}${i}`, name }));
  const write = (top: string[]) =>
    writeFileSync(
      path,
      JSON.stringify({ artists, listeners: [{ id: 'fan', display_name: 'Fan', top_artists: top }] }),
    );
  write([artists[0]?.id, artists[1]?.id] as string[]);
  const app = createEmulator({ data: loadDataFile(path), reloadData: () => loadDataFile(path) });
  const access = await tokenFor(app, 'fan');
  expect(await topIds(app, access)).toEqual([artists[0]?.id, artists[1]?.id]);
  write([artists[2]?.id, artists[0]?.id] as string[]);
  const reloaded = await control(app, '/reload');
  expect(await reloaded.json()).toEqual({ artists: 3, listeners: 1 });
  expect(await topIds(app, access)).toEqual([artists[2]?.id, artists[0]?.id]);
  writeFileSync(path, '{"artists": 1}');
  const bad = await control(app, '/reload');
  expect(bad.status).toBe(400);
  expect(await topIds(app, access)).toEqual([artists[2]?.id, artists[0]?.id]);
  expect((await control(createEmulator(), '/reload')).status).toBe(409);
});
