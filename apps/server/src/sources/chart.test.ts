import { demoSources } from '@heavy-rotation/emulator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { createChartStore } from './chart.ts';

const LB_TOKEN = demoSources.listenbrainz[0]?.token ?? '';
const DAY = 86_400_000;

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let clock = Date.UTC(2026, 0, 1);
  beforeAll(async () => {
    s = await startTestServer(kind, { SOURCE_CACHE_SECONDS: '0' }, { now: () => clock });
  });
  afterAll(() => s.close());

  test("a ListenBrainz listener's list comes with the rankings they were shown, kept once per change", async () => {
    const signIn = await s.call('/auth/listenbrainz/session', { json: { token: LB_TOKEN } });
    const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const top = async () =>
      (await (await s.call('/api/source/top-artists', { headers: { Cookie: cookie } })).json()) as {
        artists: { id: string }[];
        chart: { at: number; ids: string[] }[];
      };
    const first = await top();
    expect(first.chart).toEqual([{ at: clock, ids: first.artists.slice(0, 40).map((a) => a.id) }]);
    clock += 8 * DAY;
    // The same ranking a week later: nothing new is kept.
    expect((await top()).chart).toHaveLength(1);
  });

  test('a changed ranking is kept; rankings past 120 days are let go', async () => {
    const charts = createChartStore(s.database.db, s.database.changes, () => clock);
    const start = clock;
    expect(await charts.record('lastfm:ada', ['a', 'b'])).toEqual([{ at: start, ids: ['a', 'b'] }]);
    clock += DAY;
    expect(await charts.record('lastfm:ada', ['a', 'b'])).toHaveLength(1);
    expect(await charts.record('lastfm:ada', ['b', 'a'])).toEqual([
      { at: start, ids: ['a', 'b'] },
      { at: clock, ids: ['b', 'a'] },
    ]);
    expect(await charts.record('lastfm:bob', ['c'])).toHaveLength(1);
    clock += 120 * DAY;
    expect(await charts.record('lastfm:ada', ['b', 'a'])).toEqual([{ at: start + DAY, ids: ['b', 'a'] }]);
  });
});
