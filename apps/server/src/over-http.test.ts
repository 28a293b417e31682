import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from './http/logger.ts';
import { savePhone } from './test/calls.ts';
import { ANON_KEY, DATABASES, startTestServer, type TestServer } from './test/harness.ts';

// The API over Node's HTTP server, as the server process serves it (src/index.ts): what a caller sees on
// the wire, from real sockets (chunked bodies, Connection headers, forwarded addresses).

type Served = { url: string; close(): Promise<void> };

function served(s: TestServer): Promise<Served> {
  return new Promise((resolve) => {
    // As the server process listens: the one Hono app through its Node adapter.
    const server = createServer(getRequestListener(s.app.fetch, { hostname: '127.0.0.1' }));
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/** The headers a caller reads, without those Node's server adds on its own (date, connection). */
function headersOf(res: Response): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
}

/** A POST whose body goes out in chunks, without a Content-Length. */
function postChunked(url: string, headers: Record<string, string>, chunks: string[]) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(url, { method: 'POST', headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    },
  );
}

describe.each(DATABASES)('over HTTP on %s', (kind) => {
  let s: TestServer;
  let http: Served;
  let token: string;
  beforeAll(async () => {
    // A number in Great Britain as well: the profile row is the same whatever the country.
    s = await startTestServer(kind, { SMS_COUNTRIES: 'US,CA,GB' });
    http = await served(s);
    token = await s.token('demo-listener');
    expect((await savePhone(s, token, 'demo-listener', '+1 415 555 2671')).status).toBe(200);
  });
  afterAll(async () => {
    await http.close();
    await s.close();
  });

  const user = () => ({ apikey: ANON_KEY, Authorization: `Bearer ${token}` });
  const json = () => ({ ...user(), 'Content-Type': 'application/json' });

  test('profile and flags: the status, body and headers a caller reads', async () => {
    const profile = await fetch(`${http.url}/rest/v1/user_profile?id=eq.demo-listener&select=*`, {
      headers: user(),
    });
    expect(headersOf(profile)).toEqual({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'content-type': 'application/json',
      'referrer-policy': 'strict-origin-when-cross-origin',
      vary: 'Origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(await profile.json()).toMatchObject({ id: 'demo-listener', phone_e164: '+1••••••2671' });
    const flags = await fetch(`${http.url}/api/flags`, { headers: { apikey: ANON_KEY } });
    expect(flags.headers.get('Cache-Control')).toBe('no-cache');
    expect(await flags.json()).toEqual({ sms_gate_enabled: true });
  });

  test('success lines: the answer is the JSON of its results, for any name, asked for again or not', async () => {
    const names = ['Björk', "Guns N' Roses", 'say "hi"', 'back\\slash', '😀 emoji', 'Björk'];
    for (const list of [names, names.slice(2), names]) {
      const init = { method: 'POST', headers: json(), body: JSON.stringify({ artistNames: list }) };
      const res = await fetch(`${http.url}/functions/v1/generate-success-message`, init);
      expect(res.status).toBe(200);
      const text = await res.text();
      const { results } = JSON.parse(text) as { results: { artistName: string; message: string }[] };
      expect(text).toBe(JSON.stringify({ results }));
      expect(results.map((r) => r.artistName)).toEqual(list);
    }
  });

  test('a changed profile row is answered as it now is', async () => {
    const read = async () =>
      (await (
        await fetch(`${http.url}/rest/v1/user_profile?id=eq.casual-listener&select=*`, {
          headers: { apikey: ANON_KEY, Authorization: `Bearer ${casual}` },
        })
      ).json()) as Record<string, unknown>;
    const casual = await s.token('casual-listener');
    const save = (phone: string) => savePhone(s, casual, 'casual-listener', phone);
    expect(await read()).toMatchObject({ code: 'PGRST116' });
    expect((await save('+1 415 555 2671')).status).toBe(200);
    expect((await read()).phone_e164).toBe('+1••••••2671');
    expect((await save('+44 20 7946 0958')).status).toBe(200);
    expect((await read()).phone_e164).toMatch(/^\+44•+0958$/);
  });

  test('the flag the console sets is the one GET answers', async () => {
    const admin = await startTestServer(kind, { ADMIN_TOKEN: 'a'.repeat(32) }, { database: s.database });
    const adminHttp = await served(admin);
    const site = 'http://127.0.0.1:8787';
    try {
      const get = async () =>
        (await (await fetch(`${adminHttp.url}/api/flags`, { headers: { apikey: ANON_KEY } })).json()) as {
          sms_gate_enabled: boolean;
        };
      expect((await get()).sms_gate_enabled).toBe(true);
      const signIn = await fetch(`${adminHttp.url}/api/admin/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: site },
        body: JSON.stringify({ token: 'a'.repeat(32), name: 'Ada' }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((l) => l.split(';')[0])
        .join('; ');
      const set = (enabled: boolean) =>
        fetch(`${adminHttp.url}/api/admin/flags/sms_gate_enabled`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Origin: site, Cookie: cookie },
          body: JSON.stringify({ enabled }),
        });
      expect((await set(false)).status).toBe(200);
      expect((await get()).sms_gate_enabled).toBe(false);
      await set(true);
    } finally {
      await adminHttp.close();
      await admin.close();
    }
  });

  test('JSON bodies: chunked or with a length, NUL refused wherever it hides, too large refused', async () => {
    const url = `${http.url}/functions/v1/generate-success-message`;
    const chunked = await postChunked(url, json(), ['{"artistNames":', '["Björk"]}']);
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toMatchObject({ results: [{ artistName: 'Björk' }] });
    expect(chunked.headers['cache-control']).toBe('no-store');

    const post = (body: string) => fetch(url, { method: 'POST', headers: json(), body });
    const nul = await post('{"artistNames":["ok","a\\u0000b"]}');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ error: 'artistNames.1: must not contain NUL characters' });
    const nulKey = await post('{"artistNames":["ok"],"x\\u0000":1}');
    expect(nulKey.status).toBe(400);
    const chunkedNul = await postChunked(url, json(), ['{"artistNames":["a\\u00', '00"]}']);
    expect(chunkedNul.status).toBe(400);
    // An escaped backslash followed by "u0000" is text, not a NUL.
    const backslash = await post('{"artistNames":["a\\\\u0000"]}');
    expect(backslash.status).toBe(200);
    expect(((await backslash.json()) as { results: { artistName: string }[] }).results[0]?.artistName).toBe(
      'a\\u0000',
    );
    expect((await post('{"artistNames": [')).status).toBe(400);
    expect((await post(JSON.stringify({ artistNames: [42] }))).status).toBe(400);
    const wrongType = await fetch(url, {
      method: 'POST',
      headers: { ...user(), 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);

    const big = JSON.stringify({ artistNames: ['x'.repeat(20_000)] });
    const tooLarge = await post(big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('Connection')).toBe('close');
    const chunkedTooLarge = await postChunked(url, json(), [big.slice(0, 10_000), big.slice(10_000)]);
    expect(chunkedTooLarge.status).toBe(413);
  });

  test('limits still answer 429 with Retry-After, per IP and per listener', async () => {
    // Databases of their own: on PostgreSQL the counters live in the database, beside the other tests'.
    const limited = await startTestServer(kind, { RATE_LIMIT_IP_PER_MINUTE: '3' });
    const limitedHttp = await served(limited);
    const perUser = await startTestServer(kind, { RATE_LIMIT_USER_PER_MINUTE: '2' });
    const perUserHttp = await served(perUser);
    try {
      const flags: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${limitedHttp.url}/api/flags`, { headers: { apikey: ANON_KEY } });
        flags.push(last.status);
      }
      expect(flags).toEqual([200, 200, 200, 429]);
      expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await last?.json()).toEqual({ error: 'Too many requests', code: 'rate-limited' });
      expect(last?.headers.get('X-Content-Type-Options')).toBe('nosniff');

      // A token of that server's own provider.
      const listener = { apikey: ANON_KEY, Authorization: `Bearer ${await perUser.token('demo-listener')}` };
      const profile = () =>
        fetch(`${perUserHttp.url}/rest/v1/user_profile?id=eq.demo-listener&select=*`, { headers: listener });
      const statuses: number[] = [];
      // No row in this database: 406 is the answer within the limit.
      for (let i = 0; i < 3; i++) statuses.push((await profile()).status);
      expect(statuses).toEqual([406, 406, 429]);
      const refused = await profile();
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(refused.headers.get('Cache-Control')).toBe('no-store');
    } finally {
      await limitedHttp.close();
      await limited.close();
      await perUserHttp.close();
      await perUser.close();
    }
    // Two databases of its own to open: seconds each on a busy machine.
  }, 90_000);

  test('CORS is worked out on the API and configuration paths only, in process and over HTTP', async () => {
    const web = await startTestServer(kind, { WEB_ORIGIN: 'https://app.example' }, { database: s.database });
    const webHttp = await served(web);
    try {
      const cors = ['/api', '/api/', '/api/unknown', '/functions', '/rest/v1/x', '/auth', '/app-config.json'];
      const not = ['/apix', '/app-config.json/', '/healthz', '/', '/login', '/API/x'];
      for (const path of [...cors, ...not]) {
        const init = { headers: { apikey: ANON_KEY } };
        const fromSite = { headers: { apikey: ANON_KEY, Origin: 'https://app.example' } };
        const preflight = {
          method: 'OPTIONS',
          headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
        };
        for (const call of [
          (p: string, i: RequestInit) => web.app.request(p, i),
          (p: string, i: RequestInit) => fetch(`${webHttp.url}${p}`, i),
        ]) {
          const plain = await call(path, init);
          // The bare folders answer with the web app's page, whose own Vary wins over Node's response.
          if (!['/api', '/functions', '/auth'].includes(path)) {
            expect(plain.headers.get('Vary')?.includes('Origin') ?? false, path).toBe(cors.includes(path));
          }
          const site = await call(path, fromSite);
          expect(site.headers.get('Access-Control-Allow-Origin'), path).toBe(
            cors.includes(path) ? 'https://app.example' : null,
          );
          const options = await call(path, preflight);
          expect(options.headers.get('Access-Control-Allow-Methods') !== null, path).toBe(
            cors.includes(path),
          );
          expect(options.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
        }
      }
    } finally {
      await webHttp.close();
      await web.close();
    }
  });

  test('a caller without the apikey or with an unknown token is refused before any work', async () => {
    const noKey = await fetch(`${http.url}/rest/v1/user_profile?id=eq.demo-listener`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ error: 'Invalid API key' });
    const unknown = await fetch(`${http.url}/rest/v1/user_profile?id=eq.demo-listener`, {
      headers: { apikey: ANON_KEY, Authorization: 'Bearer not-a-token' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'Spotify user not found', code: 'signed-out' });
  });

  test('each call is logged: method, path, status, time, no token', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // Limits of its own, high: on PostgreSQL the counters hold the other tests' calls too.
    const logged = await startTestServer(
      kind,
      { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_USER_PER_MINUTE: '1000000' },
      { database: s.database, logger: createLogger('info', sink) },
    );
    const loggedHttp = await served(logged);
    try {
      const listener = { apikey: ANON_KEY, Authorization: `Bearer ${await logged.token('demo-listener')}` };
      const read = await fetch(`${loggedHttp.url}/rest/v1/user_profile?id=eq.demo-listener&select=*`, {
        headers: listener,
      });
      expect(read.status).toBe(200);
      const refused = await fetch(`${loggedHttp.url}/functions/v1/generate-success-message`, {
        method: 'POST',
        headers: { ...listener, apikey: 'wrong', 'Content-Type': 'application/json' },
        body: '{"artistNames":[]}',
      });
      expect(refused.status).toBe(401);
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', path: '/rest/v1/user_profile', status: 200 }),
        expect.objectContaining({
          method: 'POST',
          path: '/functions/v1/generate-success-message',
          status: 401,
        }),
      ]);
      for (const line of requests) expect(typeof line.ms).toBe('number');
      expect(JSON.stringify(lines)).not.toContain(listener.Authorization.slice(7));
    } finally {
      await loggedHttp.close();
      await logged.close();
    }
  });

  test('behind a trusted proxy the per-IP limit counts the forwarded address', async () => {
    const proxied = await startTestServer(kind, { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '2' });
    const proxiedHttp = await served(proxied);
    try {
      const headers = { apikey: ANON_KEY, Authorization: `Bearer ${await proxied.token('demo-listener')}` };
      const read = (from: string) =>
        fetch(`${proxiedHttp.url}/rest/v1/user_profile?id=eq.demo-listener`, {
          headers: { ...headers, 'X-Forwarded-For': `10.9.9.9, ${from}` },
        }).then((res) => res.status);
      const first = [await read('203.0.113.1'), await read('203.0.113.1'), await read('203.0.113.1')];
      expect(first).toEqual([406, 406, 429]);
      expect(await read('203.0.113.2')).toBe(406);
    } finally {
      await proxiedHttp.close();
      await proxied.close();
    }
  });
});
