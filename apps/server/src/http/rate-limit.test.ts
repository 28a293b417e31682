import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { addressKey } from './client-address.ts';
import { countersFromEnv } from './counters.ts';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '3' });
  });
  afterAll(() => s.close());
  const from = (address: string) => s.call('/api/flags', { headers: { 'X-Forwarded-For': address } });
  const statuses = async (addresses: string[]) => {
    const out: number[] = [];
    for (const a of addresses) out.push((await from(a)).status);
    return out;
  };

  test('a new address of the same IPv6 /64 gets no fresh budget; the next /64 does', async () => {
    expect(
      await statuses(['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:ffff:ffff:ffff']),
    ).toEqual([200, 200, 200]);
    expect(await statuses(['2001:db8:1:2::3', '2001:0db8:0001:0002:abcd::9'])).toEqual([429, 429]);
    expect(await statuses(['2001:db8:1:3::1'])).toEqual([200]);
  });

  test('IPv4 is counted per address, written plainly or IPv4-mapped', async () => {
    expect(await statuses(['203.0.113.7', '::ffff:203.0.113.7', '203.0.113.7', '203.0.113.7'])).toEqual([
      200, 200, 200, 429,
    ]);
    expect(await statuses(['203.0.113.8'])).toEqual([200]);
  });
});

test('the IPv6 prefix is configurable; IPv4 keys are the address', () => {
  expect(addressKey('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2:0:0:0:0/64');
  expect(addressKey('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1:0:0:0:0:0/48');
  expect(addressKey('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6/128');
  expect(addressKey('2001:db8:1:2:3:4:5:6', 60)).toBe('2001:db8:1:0:0:0:0:0/60');
  expect(addressKey('2001:db8:1:1f:3:4:5:6', 60)).toBe('2001:db8:1:10:0:0:0:0/60');
  expect(addressKey('::ffff:198.51.100.4', 64)).toBe('198.51.100.4');
  expect(addressKey('198.51.100.4', 64)).toBe('198.51.100.4');
});

describe('memory of the embedded database', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', {
      TRUST_PROXY: '1',
      RATE_LIMIT_IP_PER_MINUTE: '1',
      RATE_LIMIT_MEMORY_KEYS: '50',
    });
  });
  afterAll(() => s.close());

  test('a flood of new addresses is held to the configured number of keys, the least recently used dropped', async () => {
    const from = (address: string) => s.call('/api/flags', { headers: { 'X-Forwarded-For': address } });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
    for (let i = 0; i < 60; i++) await from(`192.0.2.${i}`);
    // Its counter was the least recently used of more than 50: it was dropped, not kept.
    expect((await from('198.51.100.1')).status).toBe(200);
    // The newest ones are still counted.
    expect((await from('192.0.2.59')).status).toBe(429);
  });
});

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.runIf(TEST_REDIS_URL)('counters in Redis', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((x) => x.close())));
  const sharedCounters = (prefix: string) =>
    countersFromEnv({ REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_MEMORY_KEYS: 10 }, () => undefined, prefix);

  test('two instances on one Redis count as one, and a request writes nothing to the database', async () => {
    const prefix = `rl_test_${Date.now()}:`;
    const vars = { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '3' };
    const a = await startTestServer(DATABASES.at(-1) ?? 'pglite', vars, {
      counters: await sharedCounters(prefix),
    });
    const b = await startTestServer(DATABASES.at(-1) ?? 'pglite', vars, {
      database: a.database,
      counters: await sharedCounters(prefix),
    });
    servers.push(a, b);
    const from = (s: TestServer) => s.call('/api/flags', { headers: { 'X-Forwarded-For': '203.0.113.50' } });
    const statuses = [];
    for (const s of [a, b, a, b]) statuses.push((await from(s)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Refused by the other instance too, with the time left in the window.
    const refused = await from(a);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The counters are gone from the database altogether.
    const tables = await a.database.db.execute(sql`select to_regclass('rate_limit') as t`);
    expect(JSON.stringify(tables)).toContain('"t":null');
  });
});

test('with Redis away, each request is still answered and counted in memory', async () => {
  // Nothing listens on port 1: every command fails at once and the memory counter answers.
  const counters = await countersFromEnv(
    { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MEMORY_KEYS: 10 },
    () => undefined,
  );
  const s = await startTestServer(
    'pglite',
    { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '2', METRICS_TOKEN: 'metrics-token-0123456789' },
    { counters },
  );
  try {
    const from = () => s.call('/api/flags', { headers: { 'X-Forwarded-For': '198.51.100.77' } });
    expect([(await from()).status, (await from()).status, (await from()).status]).toEqual([200, 200, 429]);
    const metrics = await (
      await s.app.request('/metrics', { headers: { Authorization: 'Bearer metrics-token-0123456789' } })
    ).text();
    expect(metrics).toMatch(/rate_limit_store_failures_total\{limit="ip"\} 3/);
    expect(metrics).toMatch(/rate_limit_refusals_total\{limit="ip"\} 1/);
  } finally {
    await s.close();
  }
});

test('an address with a port is that address: a new port gets no fresh budget', async () => {
  const s = await startTestServer('pglite', { TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '2' });
  try {
    const from = (address: string) => s.call('/api/flags', { headers: { 'X-Forwarded-For': address } });
    expect((await from('203.0.113.60:1111')).status).toBe(200);
    expect((await from('203.0.113.60:2222')).status).toBe(200);
    expect((await from('203.0.113.60:3333')).status).toBe(429);
    expect((await from('[2001:db8:9::1]:443')).status).toBe(200);
    expect((await from('2001:db8:9::2')).status).toBe(200);
    expect((await from('[2001:db8:9::3]')).status).toBe(429);
  } finally {
    await s.close();
  }
});
