import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimit } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { addressKey, createRateLimiter } from './rate-limit.ts';

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

describe.runIf(DATABASES.includes('postgres'))('rate_limit rows on PostgreSQL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('postgres');
  });
  afterAll(() => s.close());

  test('rows whose window has passed are deleted: the table falls back', async () => {
    const limiter = createRateLimiter('purge', 1, 1000, { ...s.database, memoryKeys: 10 });
    const count = async () =>
      (
        await s.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(rateLimit)
          .where(like(rateLimit.key, 'purge%'))
      )[0]?.n;
    for (let i = 0; i < 30; i++) await limiter.spend(`198.51.100.${i}`);
    expect(await count()).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await limiter.spend('203.0.113.1');
    await expect.poll(count, { timeout: 5000 }).toBe(1);
  });
});
