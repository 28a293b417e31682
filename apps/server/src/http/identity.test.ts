import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, {
      TRUST_PROXY: '1',
      RATE_LIMIT_IDENTITY_PER_MINUTE: '10',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
    });
  });
  afterAll(() => s.close());

  /** How many times the server asked the provider who a token belongs to. */
  const lookups = async () =>
    (
      (await (await s.emulator.request('/_emulator/requests')).json()) as {
        requests: { path: string }[];
      }
    ).requests.filter((r) => r.path === '/v1/me').length;
  const asUser = (token: string, address: string) =>
    s.call('/auth/v1/user', { token, headers: { 'X-Forwarded-For': address } });

  test('a refused token is remembered: thirty calls with it ask the provider once', async () => {
    const before = await lookups();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await asUser('not-a-real-token-abc', '198.51.100.20')).status);
    expect(statuses).toEqual(Array(30).fill(401));
    expect((await lookups()) - before).toBe(1);
  });

  test('new tokens from one address reach the provider only up to the limit; a listener elsewhere is unaffected', async () => {
    const before = await lookups();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await asUser(`made-up-token-${i}`, '198.51.100.21')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    expect((await lookups()) - before).toBe(10);
    // A real listener on another address still signs in.
    expect((await asUser(await s.token(), '198.51.100.22')).status).toBe(200);
  });
});
