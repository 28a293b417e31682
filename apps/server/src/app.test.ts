import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from './http/logger.ts';
import { startTestServer, type TestServer } from './test/harness.ts';

let s: TestServer;
let dist: string;
const logs: string[] = [];

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'hr-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Heavy Rotation</title>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dist, 'manifest.webmanifest'), '{}');
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  s = await startTestServer(
    'pglite',
    { WEB_DIST: dist, WEB_ORIGIN: 'https://app.example', PUBLIC_ORIGIN: 'https://api.example' },
    { logger: createLogger('info', sink) },
  );
});
afterAll(async () => {
  await s.close();
  await rm(dist, { recursive: true, force: true });
});

test('every response carries the security headers and the CSP of the contract', async () => {
  for (const path of ['/', '/api/flags', '/nowhere.js', '/healthz']) {
    const res = await s.app.request(path);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
  }
  // Data answers are never documents: nothing may load or run in them.
  for (const path of ['/api/flags', '/healthz', '/app-config.json', '/rest/v1/user_profile']) {
    const res = await s.app.request(path);
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('Permissions-Policy')).toBeNull();
  }
  // Pages and scripts (a script may be a worker's) carry the app's policy.
  for (const path of ['/', '/login', '/nowhere.js', '/sw.js']) {
    const res = await s.app.request(path);
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' http://emulator.test");
    expect(csp).toMatch(/img-src 'self' data: blob: https: http:\/\/emulator\.test/);
    expect(csp).toContain("worker-src 'self' blob:");
  }
});

test('the sign-in callback page sends no referrer at all', async () => {
  const res = await s.app.request('/callback?code=secret&state=x');
  expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
});

test('HSTS is only sent when the public origin is https', async () => {
  const plain = await startTestServer('pglite', {}, { database: s.database });
  expect((await plain.app.request('/healthz')).headers.get('Strict-Transport-Security')).toBeNull();
  await plain.close();
});

test('CORS answers the configured web origin only', async () => {
  const preflight = (origin: string) =>
    s.app.request('/functions/v1/generate-welcome-message', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey',
      },
    });
  const ok = await preflight('https://app.example');
  expect(ok.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example');
  expect(ok.headers.get('Access-Control-Allow-Headers')).toContain('apikey');
  const other = await preflight('https://evil.example');
  expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
});

test('a body over 16 KB is refused with 413', async () => {
  const res = await s.call('/functions/v1/generate-success-message', {
    token: await s.token(),
    json: { artistNames: ['x'.repeat(17 * 1024)] },
  });
  expect(res.status).toBe(413);
});

test('body limits hold on every method that carries a body, and a GET is not read', async () => {
  const big = JSON.stringify({ name: 'page_view', path: `/${'a'.repeat(17 * 1024)}` });
  expect((await s.call('/api/events', { method: 'POST', body: big })).status).toBe(413);
  expect((await s.call('/api/flags', { method: 'PUT', body: big })).status).toBe(413);
  const waitlist = new URLSearchParams({
    'form-name': 'signup',
    email: `${'a'.repeat(17 * 1024)}@x.example`,
  });
  const form = await s.app.request('/', {
    method: 'POST',
    body: waitlist.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(413);
  expect((await s.call('/api/flags')).status).toBe(200);
});

test('hashed assets are cached for a year and the page is revalidated', async () => {
  const asset = await s.app.request('/assets/index-abc123.js');
  expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  expect(asset.headers.get('Content-Type')).toContain('text/javascript');
  const page = await s.app.request('/');
  expect(page.headers.get('Cache-Control')).toBe('no-cache');
  expect(await page.text()).toContain('<title>Heavy Rotation</title>');
  expect((await s.app.request('/manifest.webmanifest')).headers.get('Cache-Control')).toBe('no-cache');
});

test("the app's routes fall back to the page; missing assets and API paths are 404", async () => {
  for (const route of ['/quiz', '/login', '/signup', '/callback']) {
    const res = await s.app.request(route);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
  }
  expect((await s.app.request('/assets/index-old999.js')).status).toBe(404);
  expect((await s.app.request('/missing.png')).status).toBe(404);
  expect((await s.app.request('/api/unknown')).status).toBe(404);
  expect((await s.app.request('/%E0%A4%A')).status).toBe(400);
  const traversal = await s.app.request('/..%2f..%2f..%2fetc%2fpasswd');
  expect(await traversal.text()).not.toContain('root:');
});

test('the API is rate limited per IP and per user with Retry-After', async () => {
  const limited = await startTestServer(
    'pglite',
    { RATE_LIMIT_IP_PER_MINUTE: '3' },
    { database: s.database },
  );
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await limited.call('/api/flags')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const res = await limited.call('/api/flags');
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  await limited.close();

  const perUser = await startTestServer(
    'pglite',
    { RATE_LIMIT_USER_PER_MINUTE: '2' },
    { database: s.database },
  );
  const token = await perUser.token();
  const users: number[] = [];
  for (let i = 0; i < 3; i++) users.push((await perUser.call('/auth/v1/user', { token })).status);
  expect(users).toEqual([200, 200, 429]);
  expect(
    (await perUser.call('/auth/v1/user', { token: await perUser.token('casual-listener') })).status,
  ).toBe(200);
  await perUser.close();
});

test('logs never contain tokens, phone numbers or emails', async () => {
  const token = await s.token();
  await s.call('/functions/v1/sms-subscribe', {
    token,
    json: {
      spotifyUserId: 'demo-listener',
      spotifyUserEmail: 'demo@example.com',
      spotifyUserDisplayName: 'Demo',
      phone: '+14155552671',
    },
  });
  await s.call('/rest/v1/user_profile?id=eq.demo-listener&select=*', { token });
  const text = logs.join('');
  expect(text).toContain('"path":"/functions/v1/sms-subscribe"');
  for (const secret of [token, s.env.PUBLIC_ANON_KEY, '4155552671', 'demo@example.com', 'eq.demo-listener']) {
    expect(text).not.toContain(secret);
  }
});

test('when the database fails: 500 without details, readiness 503, and still no personal data in the logs', async () => {
  const sink: string[] = [];
  const broken = await startTestServer(
    'pglite',
    {},
    {
      logger: createLogger(
        'info',
        new Writable({
          write(chunk, _encoding, done) {
            sink.push(String(chunk));
            done();
          },
        }),
      ),
    },
  );
  const token = await broken.token();
  await broken.database.close();
  expect((await broken.app.request('/readyz')).status).toBe(503);
  const res = await broken.call('/functions/v1/sms-subscribe', {
    token,
    json: {
      spotifyUserId: 'demo-listener',
      spotifyUserEmail: 'x@example.com',
      spotifyUserDisplayName: 'D',
      phone: '+14155552671',
    },
  });
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ error: 'Internal server error', code: 'failed' });
  const text = sink.join('');
  expect(text).toContain('request failed');
  expect(text).not.toContain('4155552671');
  expect(text).not.toContain('demo@example.com');
  await broken.close().catch(() => undefined);
});
