import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upstreamPace } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { createPace, PACE_MS } from './pace.ts';

/** Holds the whole process, as a busy machine does: every timer due meanwhile fires late. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing: the point is that nothing else runs.
  }
}

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());

  test('a turn past the deadline is refused, and pushes nobody back', async () => {
    // Two instances: a pace each, one database.
    const [one, two] = [createPace(s.database.db, Date.now), createPace(s.database.db, Date.now)];
    const first = Date.now();
    expect(await one('itunes', first, async () => 'asked')).toEqual({ value: 'asked' });
    // The next iTunes turn is 3.1 s away: refused at once, nothing called.
    let called = false;
    const refused = await two('itunes', Date.now() + 500, async () => {
      called = true;
    });
    expect(refused).toBeNull();
    expect(called).toBe(false);
    expect(Date.now() - first).toBeLessThan(PACE_MS.itunes);
  });

  test('a turn whose timer fires late does not bring the next call closer than the interval', async () => {
    const pace = createPace(s.database.db, Date.now);
    const deadline = Date.now() + 10 * PACE_MS.musicbrainz;
    // Each call notes its start as the pace marked it, by the database's clock.
    const started: number[] = [];
    const call = async () => {
      const [row] = await s.database.db
        .select({ at: upstreamPace.startedAt })
        .from(upstreamPace)
        .where(eq(upstreamPace.service, 'musicbrainz'));
      started.push(row?.at?.getTime() ?? 0);
    };
    // The first call now; the next two take their turns after it: their timers are due one and two
    // intervals after it.
    await pace('musicbrainz', deadline, async () => {
      await call();
      // Just before the second's timer is due, the process is held for half an interval: the second
      // starts that late, while the third's timer is still due on time.
      setTimeout(() => busy(PACE_MS.musicbrainz / 2), PACE_MS.musicbrainz - 100);
    });
    await Promise.all([pace('musicbrainz', deadline, call), pace('musicbrainz', deadline, call)]);
    expect(started).toHaveLength(3);
    expect((started[1] ?? 0) - (started[0] ?? 0)).toBeGreaterThanOrEqual(PACE_MS.musicbrainz + 300);
    // The database keeps microseconds; a Date, milliseconds.
    expect((started[2] ?? 0) - (started[1] ?? 0)).toBeGreaterThanOrEqual(PACE_MS.musicbrainz - 1);
  }, 10_000);
});
