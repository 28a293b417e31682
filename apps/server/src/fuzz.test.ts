import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANON_KEY, DATABASES, startTestServer, type TestServer } from './test/harness.ts';

const ENDPOINTS = [
  ['GET', '/app-config.json'],
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/callback'],
  ['GET', '/assets/x.js'],
  ['POST', '/'],
  ['POST', '/functions/v1/generate-welcome-message'],
  ['POST', '/functions/v1/generate-success-message'],
  ['POST', '/functions/v1/sms-subscribe'],
  ['POST', '/functions/v1/sms-confirm'],
  ['POST', '/functions/v1/sms-webhook'],
  ['GET', '/rest/v1/user_profile'],
  ['GET', '/auth/v1/user'],
  ['GET', '/api/flags'],
  ['POST', '/api/events'],
  ['POST', '/auth/listenbrainz/session'],
  ['GET', '/auth/lastfm/callback'],
  ['GET', '/api/source/session'],
  ['GET', '/api/source/top-artists'],
  ['POST', '/api/source/logout'],
] as const;
const FIELDS = [
  'artists',
  'artistNames',
  'spotifyUserId',
  'spotifyUserEmail',
  'spotifyUserDisplayName',
  'phone',
];
const MORE = [
  'name',
  'path',
  'phone_country',
  'sms_gate_enabled',
  'from',
  'text',
  'email',
  'form-name',
  'bot-field',
  'token',
  'consentVersion',
];
const ADMIN = 'admin-token-0123456789abcdef';
/** Where the test server says it is (its public origin): the console's changes come from here. */
const SITE = 'http://127.0.0.1:8787';
/** The console's API, `:p` a path parameter. */
const OPERATOR_ENDPOINTS = [
  ['GET', '/api/admin/waitlist'],
  ['POST', '/api/admin/waitlist/invite'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/subscribers'],
  ['POST', '/api/admin/subscribers/:p/reveal'],
  ['DELETE', '/api/admin/subscribers/:p'],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/flags'],
  ['PUT', '/api/admin/flags/:p'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/operators'],
  ['POST', '/api/admin/operators'],
  ['DELETE', '/api/admin/operators/:p'],
  ['DELETE', '/api/admin/waitlist/:p'],
  ['GET', '/api/admin/:p'],
] as const;
/** Ids PostgreSQL's `integer` cannot hold, and numbers JavaScript cannot hold exactly. */
const HUGE_IDS = ['2147483648', '4294967296', '99999999999', '9007199254740993', '1e10', '0x7fffffff', '-1'];

const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
// Printable text, and text with the NUL and control characters PostgreSQL refuses to store.
const text = fc.oneof(
  printable,
  fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\n', 'a', ' '), maxLength: 20 }),
);
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(fc.string({ maxLength: 30 }), { maxLength: 60 }),
  fc.constantFrom('\u0000', 'a\u0000b', '(415) 555\u00002671', 'demo-listener\u0000'),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS, ...MORE), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.dictionary(fc.constantFrom(...MORE), text, { maxKeys: 5 }).map((o) => new URLSearchParams(o).toString()),
  fc.constant(undefined),
);
const header = (...known: string[]) =>
  fc.option(fc.oneof(fc.constantFrom(...known), printable), { nil: undefined });
const query = fc.oneof(
  fc.dictionary(
    fc.constantFrom('id', 'select', 'code', 'state', 'token', 'x'),
    fc.oneof(fc.string({ maxLength: 30 }), text),
  ),
  fc.constant({ id: 'eq.demo-listener', select: '*' }),
);

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let dist: string;
  let tokens: string[];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'hr-fuzz-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html>');
    s = await startTestServer(kind, {
      WEB_DIST: dist,
      ADMIN_TOKEN: ADMIN,
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000',
      RATE_LIMIT_WAITLIST_PER_HOUR: '1000000',
    });
    tokens = [
      await s.token('demo-listener'),
      await s.token('casual-listener'),
      await s.token('guest-listener'),
    ];
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  test('random bodies, headers and query strings never make any endpoint fail with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        query,
        body,
        fc.record({
          apikey: header(ANON_KEY),
          authorization: header('Bearer TOKEN', `Bearer ${ADMIN}`, 'Bearer ', 'Basic abc'),
          'content-type': header(
            'application/json',
            'application/x-www-form-urlencoded',
            'text/plain',
            'multipart/form-data',
          ),
          origin: header('https://evil.example', 'http://localhost'),
          'sec-fetch-site': header('same-origin', 'cross-site', 'none'),
          'x-signature-timestamp': header('0', String(Math.floor(Date.now() / 1000))),
          'x-signature': header('00'),
        }),
        fc.nat(2),
        async ([method, path], params, payload, rawHeaders, tokenIndex) => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(rawHeaders)) {
            if (v !== undefined) headers.set(k, v.replace('TOKEN', tokens[tokenIndex] ?? ''));
          }
          const search = new URLSearchParams(params).toString();
          const res = await s.app.request(`${path}${search ? `?${search}` : ''}`, {
            method,
            headers,
            ...(method === 'GET' ? {} : { body: payload }),
          });
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
          await res.arrayBuffer();
        },
      ),
      { numRuns: kind === 'pglite' ? 3000 : 800 },
    );
  }, 120_000);

  test('a signed-in operator: malformed ids and keys in the path are a 400, and nothing is a 5xx', async () => {
    const signIn = await s.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ token: ADMIN, name: 'Fuzz' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const operator = (path: string, init: RequestInit = {}) =>
      s.app.request(path, {
        ...init,
        headers: { Origin: SITE, Cookie: cookie, ...(init.headers as Record<string, string>) },
      });

    // Malformed path parameters, as a browser or a script could send them.
    for (const raw of ['%', '%zz', '%25zz', '%E0%A4%A', '%C0%80', 'a%2Fb', '%00', '..%2F..', '%25']) {
      for (const [method, path] of [
        ['POST', `/api/admin/subscribers/${raw}/reveal`],
        ['DELETE', `/api/admin/subscribers/${raw}`],
        ['PUT', `/api/admin/flags/${raw}`],
      ] as const) {
        const res = await operator(path, {
          method,
          ...(method === 'PUT'
            ? { body: '{"enabled":true}', headers: { 'Content-Type': 'application/json' } }
            : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(400);
      }
    }
    // Ids over 2^31: a clear 400, never the database's "out of range" as a 500.
    for (const raw of HUGE_IDS) {
      for (const path of [`/api/admin/operators/${raw}`, `/api/admin/waitlist/${raw}`]) {
        const res = await operator(path, { method: 'DELETE' });
        expect(res.status, `DELETE ${path}`).toBe(400);
        expect(await res.json()).toEqual({ error: expect.stringMatching(/^id: not an? /) });
      }
    }
    const invite = await operator('/api/admin/waitlist/invite', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: [1, 2147483648] }),
    });
    expect(invite.status).toBe(400);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATOR_ENDPOINTS),
        fc.oneof(
          fc.string({ maxLength: 40 }).map((t) => encodeURIComponent(t)),
          fc.stringMatching(/^[\x21-\x7e]{1,30}$/).map((t) => t.replace(/[/?#]/g, '%')),
          fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
          fc.constantFrom(...HUGE_IDS),
        ),
        query,
        body,
        fc.constantFrom('application/json', 'text/plain', undefined),
        async ([method, path], param, params, payload, type) => {
          const search = new URLSearchParams(params).toString();
          const res = await operator(`${path.replace(':p', param)}${search ? `?${search}` : ''}`, {
            method,
            ...(type ? { headers: { 'Content-Type': type } } : {}),
            ...(method === 'GET' ? {} : { body: payload }),
          });
          expect(res.status, `${method} ${path} ${param}`).toBeLessThan(500);
          await res.arrayBuffer();
        },
      ),
      { numRuns: kind === 'pglite' ? 400 : 150 },
    );
  }, 120_000);
});
