import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastfmSignIn as signInAt } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

/** The cookies a response sets, as a Cookie header. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // A Last.fm call that is not answered within 3 s is tried again.
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  const control = (path: string, body?: unknown, method?: string) => s.control(path, body, method);
  const topArtistCalls = async () =>
    (
      (await (await control('/lastfm/_control/calls', undefined, 'GET')).json()) as {
        calls: Record<string, number>;
      }
    ).calls['user.getTopArtists'] ?? 0;

  async function lastfmSignIn(name: string): Promise<string> {
    const { done } = await signInAt(s, name);
    expect(done.headers.get('Location')).toBe('/connected?source=lastfm');
    return cookiesOf(done);
  }

  test('a Last.fm that takes 20 s holds no database connection: every other call answers meanwhile', async () => {
    const slowListener = await lastfmSignIn('demo-scrobbler');
    const bystander = await lastfmSignIn('quiet-scrobbler');
    const before = await topArtistCalls();
    await control('/lastfm/_control/faults', { match: 'user.getTopArtists', delayMs: 20_000 });
    // An attacker (or an impatient listener) asks a dozen times at once: more than the pool's connections.
    let settled = false;
    const slow = Promise.all(
      Array.from({ length: 12 }, () =>
        s.call('/api/source/top-artists', { headers: { Cookie: slowListener } }),
      ),
    ).finally(() => {
      settled = true;
    });
    while ((await topArtistCalls()) === before) await new Promise((r) => setTimeout(r, 20));

    const pool = kind === 'postgres' ? (s.database.db as unknown as { $client: Pool }).$client : undefined;
    // The other eleven requests' own session reads may still be running on a busy machine: let them end.
    // A connection held across the source call never would, and the checks below would see it.
    const busy = () => (pool ? pool.totalCount - pool.idleCount : 0);
    for (let waited = 0; busy() > 1 && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    const inUse: number[] = [];
    for (let i = 0; i < 5; i++) {
      if (pool) inUse.push(busy());
      const other = await s.call('/api/source/session', { headers: { Cookie: bystander } });
      expect(other.status).toBe(200);
    }
    // Five database reads were answered while the slow source still had not.
    expect(settled).toBe(false);
    // At most the one connection of the refreshing listener's own short queries, never one per request.
    for (const n of inUse) expect(n).toBeLessThanOrEqual(1);

    const answers = await slow;
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    // One refresh for all twelve: the slow try and its retry.
    expect(await topArtistCalls()).toBe(before + 2);
  });
});
