import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  test('the verified caller is answered in the shape auth clients read', async () => {
    const res = await s.call('/auth/v1/user', { token: await s.token() });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      id: 'demo-listener',
      email: 'demo@example.com',
      user_metadata: { display_name: 'Demo Listener' },
    });
  });

  test('a call without the apikey header is refused before anything else', async () => {
    const res = await s.app.request('/auth/v1/user', {
      headers: { Authorization: `Bearer ${await s.token()}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid API key' });
  });

  test('a wrong apikey is refused', async () => {
    const res = await s.call('/auth/v1/user', {
      token: await s.token(),
      headers: { apikey: 'x'.repeat(30) },
    });
    expect(res.status).toBe(401);
  });

  test('a call without a bearer token, or with the anon key as token, is not signed in', async () => {
    expect((await s.call('/auth/v1/user')).status).toBe(401);
    const anon = await s.call('/auth/v1/user', { token: s.env.PUBLIC_ANON_KEY });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Spotify user not found', code: 'signed-out' });
  });

  test('a token the provider does not know is refused with 401', async () => {
    const res = await s.call('/auth/v1/user', { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
  });

  test('a listener the provider refuses (not allow-listed) gets 403', async () => {
    const res = await s.call('/auth/v1/user', { token: await s.token('guest-listener') });
    expect(res.status).toBe(403);
    // Not a sign-in that ended: no code the web app would word as one.
    expect(await res.json()).toEqual({ error: 'Spotify user not found' });
  });

  test('a rate-limited provider gives 503 with its Retry-After, never a sign-out', async () => {
    const token = await s.token();
    await s.fault({ path: '/v1/me', retryAfter: 7 });
    const res = await s.call('/auth/v1/user', { token });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('7');
  });

  test('a failing provider gives 503 with a Retry-After', async () => {
    const token = await s.token();
    await s.fault({ path: '/v1/me', status: 502 });
    const res = await s.call('/auth/v1/user', { token });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'unavailable' });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  test('a provider that does not answer in time gives 503', async () => {
    const impatient = await startTestServer(kind, { PROVIDER_TIMEOUT_MS: '200' }, { database: s.database });
    const token = await impatient.token();
    await impatient.fault({ path: '/v1/me', delayMs: 3000 });
    const res = await impatient.call('/auth/v1/user', { token });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).not.toBeNull();
  });

  test('a token the provider refuses as malformed (400) is a 401, not an outage', async () => {
    await s.fault({ path: '/v1/me', status: 400 });
    const res = await s.call('/auth/v1/user', { token: 'another-unknown-token' });
    expect(res.status).toBe(401);
    await s.emulator.request('/_emulator/faults', { method: 'DELETE' });
  });

  test('a provider that cannot be reached gives 503, and the log says why without the token', async () => {
    const lines: string[] = [];
    const unreachable = await startTestServer(
      kind,
      {},
      {
        database: s.database,
        logger: createLogger('warn', { write: (line: string) => lines.push(line) }),
        // A real connection to a port nothing listens on.
        providerFetch: (input, init) =>
          fetch(new URL(new URL(String(input)).pathname, 'http://127.0.0.1:9'), init),
      },
    );
    const res = await unreachable.call('/auth/v1/user', { token: 'some-listener-token' });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).not.toBeNull();
    const logged = lines.map((line) => JSON.parse(line) as { status?: number; cause?: { name: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({ status: 503, cause: expect.objectContaining({ name: 'TypeError' }) }),
    );
    expect(lines.join('')).not.toContain('some-listener-token');
  });

  test('a verified token is remembered, so a provider hiccup right after does not matter', async () => {
    const token = await s.token();
    expect((await s.call('/auth/v1/user', { token })).status).toBe(200);
    await s.fault({ path: '/v1/me', status: 503 });
    expect((await s.call('/auth/v1/user', { token })).status).toBe(200);
    await s.emulator.request('/_emulator/faults', { method: 'DELETE' });
  });

  test('a verified token is asked about again after a minute at most', async () => {
    let clock = Date.now();
    const timed = await startTestServer(kind, {}, { database: s.database, now: () => clock });
    const token = await timed.token();
    expect((await timed.call('/auth/v1/user', { token })).status).toBe(200);
    await timed.fault({ path: '/v1/me', status: 503 });
    clock += 50_000;
    expect((await timed.call('/auth/v1/user', { token })).status).toBe(200);
    clock += 10_000 + 1;
    expect((await timed.call('/auth/v1/user', { token })).status).toBe(503);
  });
});
