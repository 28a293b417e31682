import { createApp, createDeps, openDatabase, readEnv } from '@heavy-rotation/server';
import { sql } from 'drizzle-orm';
import { atMost, type Measure, measured, median, missing, QUICK, reasonOf, runs } from './results.ts';

const EVENTS = QUICK ? 100_000 : 1_000_000;
const TOKEN = 'bench-operator-token-0123456789';
const ORIGIN = 'http://127.0.0.1:8787';

/** The event mix of a busy quarter: page views most, then guesses, sign-ins, shares, the phone gate. */
const MIX = `(array['page_view','page_view','page_view','page_view','quiz_guess','quiz_guess','quiz_guess',
  'sign_in','first_unlock','share','sms_gate_view','sms_gate_skipped','sms_phone_submitted'])[1 + (i % 13)]`;
const DETAIL = `case (array['page_view','page_view','page_view','page_view','quiz_guess','quiz_guess','quiz_guess',
  'sign_in','first_unlock','share','sms_gate_view','sms_gate_skipped','sms_phone_submitted'])[1 + (i % 13)]
  when 'quiz_guess' then (array['right','wrong'])[1 + (i % 2)]
  when 'sign_in' then (array['spotify','lastfm','listenbrainz','export'])[1 + (i % 4)]
  when 'share' then (array['first','again'])[1 + (i % 2)] else null end`;

/**
 * The console's stats over a million events spread over 90 days, on the embedded database: the time of
 * GET /api/admin/stats for 90 and 30 days (median of 5, after one warm-up), as the console asks for them,
 * and what keeping the daily counts costs each event written.
 */
export async function measureOperatorStats(): Promise<Measure[]> {
  const name90 = `Console stats, 90 days of ${EVENTS.toLocaleString('en-GB')} events (embedded database)`;
  const name30 = `Console stats, 30 days of ${EVENTS.toLocaleString('en-GB')} events (embedded database)`;
  const env = readEnv({ LOG_LEVEL: 'silent', ADMIN_TOKEN: TOKEN, PUBLIC_ORIGIN: ORIGIN });
  // In memory: the bench leaves nothing behind.
  const deps = await createDeps(env, { database: await openDatabase({}) });
  try {
    const { db } = deps.database;
    // A quarter's events in bulk, then their daily counts as a batch's statement adds them.
    await db.execute(
      sql.raw(`insert into analytics_event (name, detail, created_at)
        select ${MIX}, ${DETAIL}, now() - ((i % 90) || ' days')::interval - ((i % 86400) || ' seconds')::interval
        from generate_series(1, ${EVENTS}) as i`),
    );
    await db.execute(
      sql.raw(`insert into analytics_daily (day, name, detail, count)
        select (created_at at time zone 'UTC')::date, name, coalesce(detail, ''), count(*)::int
        from analytics_event group by 1, 2, 3`),
    );
    const app = createApp(deps);
    const signIn = await app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ token: TOKEN, name: 'bench' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('hr_admin='))
      ?.split(';')[0];
    if (!cookie) return [missing(name90, 'ms', `sign-in answered ${signIn.status}`, atMost(300))];
    const time = async (days: number) => {
      const times: number[] = [];
      for (let i = 0; i < runs(5) + 1; i++) {
        const started = performance.now();
        const res = await app.request(`/api/admin/stats?days=${days}`, { headers: { Cookie: cookie } });
        const body = (await res.json()) as { funnel?: { signIns: number } };
        if (!res.ok || !body.funnel) throw new Error(`stats answered ${res.status}`);
        if (i > 0) times.push(performance.now() - started);
      }
      return Math.round(median(times) ?? 0);
    };
    // One event through POST /api/events (it joins the buffer; the batch is written after): median of 200.
    const writes: number[] = [];
    for (let i = 0; i < (QUICK ? 50 : 200); i++) {
      const started = performance.now();
      const res = await app.request('/api/events', {
        method: 'POST',
        headers: { apikey: env.PUBLIC_ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'quiz_guess', correct: i % 2 === 0 }),
      });
      if (res.status !== 204) throw new Error(`events answered ${res.status}`);
      writes.push(performance.now() - started);
    }
    // The batch those events make, written with its daily counts in one statement.
    const flushStarted = performance.now();
    await deps.events.flush();
    const flushMs = performance.now() - flushStarted;
    return [
      measured(name90, await time(90), 'ms', atMost(300)),
      measured(name30, await time(30), 'ms', atMost(300)),
      measured('POST /api/events, in process', Math.round((median(writes) ?? 0) * 1000), 'µs'),
      measured(
        `Writing a batch of ${writes.length} events with their daily counts`,
        Math.round(flushMs * 10) / 10,
        'ms',
      ),
    ];
  } catch (error) {
    return [missing(name90, 'ms', reasonOf(error), atMost(300))];
  } finally {
    await deps.database.close();
  }
}
