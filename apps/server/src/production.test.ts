import { randomBytes } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from './db/client.ts';
import { startTestServer } from './test/harness.ts';

// Test-only: the PostgreSQL server CI provides. These faults need a real one.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const target = TEST_DATABASE_URL ? new URL(TEST_DATABASE_URL) : undefined;

/** A TCP relay in front of PostgreSQL that can drop every connection and refuse new ones, as a restart does. */
async function faultyLink(): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = new Socket();
        outbound.connect(Number(target?.port || 5432), target?.hostname ?? '127.0.0.1');
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const cut = async () => {
    // The connections go first: a server closes only once every connection through it has ended.
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    await closing;
    server = undefined;
  };
  await listen();
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return { url: url.toString(), cut, restore: listen, close: cut };
}

describe.skipIf(!TEST_DATABASE_URL)('on PostgreSQL', () => {
  const schemas: string[] = [];
  const schema = () => {
    const name = `test_${randomBytes(6).toString('hex')}`;
    schemas.push(name);
    return name;
  };
  afterAll(async () => {
    const admin = await openDatabase({ databaseUrl: TEST_DATABASE_URL });
    for (const name of schemas) await admin.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${name}" CASCADE`));
    await admin.close();
  });

  test('instances started together on an empty database all come up (migrations take a lock)', async () => {
    const pgSchema = schema();
    const opened = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema })),
    );
    for (const database of opened) expect(await database.ping()).toBe(true);
    await Promise.all(opened.map((d) => d.close()));
  });

  test('a limit holds across two instances on one database', async () => {
    const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema() });
    const vars = { RATE_LIMIT_IP_PER_MINUTE: '4' };
    const [a, b] = await Promise.all([
      startTestServer('postgres', vars, { database }),
      startTestServer('postgres', vars, { database }),
    ]);
    const statuses: number[] = [];
    for (const s of [a, b, a, b, a, b]) statuses.push((await s.call('/api/flags')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    await database.close();
  });

  test('PostgreSQL going away: 503 with Retry-After, not ready, no crash, and back by itself', async () => {
    const link = await faultyLink();
    const troubles: string[] = [];
    const database = await openDatabase({
      databaseUrl: link.url,
      pgSchema: schema(),
      onTrouble: (what) => troubles.push(what),
    });
    const s = await startTestServer('postgres', {}, { database });
    const token = await s.token();
    const read = () => s.call('/rest/v1/user_profile?id=eq.demo-listener', { token });
    expect((await read()).status).toBe(406);

    await link.cut();
    const started = Date.now();
    // The instance hears the cut on its change feed's connection and stops answering from memory.
    while (!troubles.some((t) => /change feed was cut/.test(t)) && Date.now() - started < 5_000)
      await new Promise((r) => setTimeout(r, 20));
    const down = await read();
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBe('5');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await s.app.request('/readyz')).status).toBe(503);

    await link.restore();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5_000 && status !== 406) {
      status = (await read()).status;
      if (status !== 406) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(406);
    expect((await s.app.request('/readyz')).status).toBe(200);
    await database.close();
    await link.close();
  }, 30_000);

  test('start-up waits for PostgreSQL, and gives up after its timeout with the reason', async () => {
    const link = await faultyLink();
    await link.cut();
    const troubles: string[] = [];
    const opening = openDatabase({
      databaseUrl: link.url,
      pgSchema: schema(),
      onTrouble: (what) => troubles.push(what),
    });
    await new Promise((r) => setTimeout(r, 1_000));
    await link.restore();
    const database = await opening;
    expect(await database.ping()).toBe(true);
    expect(troubles.some((t) => /not reachable yet/.test(t))).toBe(true);
    await database.close();
    await link.cut();
    await expect(
      openDatabase({ databaseUrl: link.url, pgSchema: schema(), startTimeoutMs: 500 }),
    ).rejects.toThrow();
  }, 30_000);

  test('text PostgreSQL cannot store is a 400, on every input path', async () => {
    const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema() });
    const s = await startTestServer('postgres', {}, { database });
    const token = await s.token();
    const profile = await s.call('/rest/v1/user_profile?id=eq.%00abc', { token });
    expect(profile.status).toBeLessThan(500);
    const form = await s.app.request('/', {
      method: 'POST',
      body: new URLSearchParams({ 'form-name': 'signup', 'bot-field': '', email: 'a\u0000@b.c' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    const subscribe = await s.call('/functions/v1/sms-subscribe', {
      token,
      json: { spotifyUserId: 'demo-listener', spotifyUserDisplayName: 'a\u0000b', phone: '(415) 555-2671' },
    });
    expect(subscribe.status).toBe(400);
    expect(await subscribe.json()).toEqual({
      error: 'spotifyUserDisplayName: must not contain NUL characters',
    });
    await database.close();
  });
});

test('a spoofed X-Forwarded-For evades nothing: the client is read from the right', async () => {
  const s = await startTestServer('pglite', { RATE_LIMIT_IP_PER_MINUTE: '3', TRUST_PROXY: '1' });
  const from = (spoof: string, client: string) =>
    s.call('/api/flags', { headers: { 'X-Forwarded-For': `${spoof}, ${client}` } });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await from(`10.0.${i}.1`, '203.0.113.7')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await from('10.9.9.9', '203.0.113.8')).status).toBe(200);
  await s.close();

  const cidr = await startTestServer('pglite', { RATE_LIMIT_IP_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' });
  const viaProxies = (spoof: string) =>
    cidr.call('/api/flags', { headers: { 'X-Forwarded-For': `${spoof}, 198.51.100.4, 10.1.2.3` } });
  expect([
    (await viaProxies('1.1.1.1')).status,
    (await viaProxies('2.2.2.2')).status,
    (await viaProxies('3.3.3.3')).status,
  ]).toEqual([200, 200, 429]);
  await cidr.close();
});

test('a NUL in a form field is a 400 naming it; a body too large closes its connection cleanly', async () => {
  const s = await startTestServer('pglite');
  const form = await s.app.request('/', {
    method: 'POST',
    body: new URLSearchParams({ 'form-name': 'signup', 'bot-field': '', email: 'a\u0000@b.c' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(400);
  expect(await form.json()).toEqual({ error: 'email: must not contain NUL characters' });
  const big = await s.call('/api/events', { json: { name: 'page_view', path: `/${'a'.repeat(200_000)}` } });
  expect(big.status).toBe(413);
  expect(big.headers.get('Connection')).toBe('close');
  await s.close();
});
