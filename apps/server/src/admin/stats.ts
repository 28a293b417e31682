import { gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsDaily, waitlistSignup } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** The series the console draws: an event name, or name:detail, and waitlist signups. */
const SERIES = [
  'sign_in:spotify',
  'sign_in:lastfm',
  'sign_in:listenbrainz',
  'sign_in:export',
  'page_view',
  'quiz_guess:right',
  'quiz_guess:wrong',
  'first_unlock',
  'share:first',
  'share:again',
  'challenge_created',
  'challenge_opened',
  'challenge_guess:right',
  'challenge_guess:wrong',
  'challenge_finished',
  'sms_gate_view',
  'sms_phone_submitted',
  'sms_gate_skipped',
  'sms_code_sent',
  'sms_code_confirmed',
  'sms_code_refused:number',
  'sms_code_refused:limit',
  'sms_code_refused:paused',
  'waitlist_signup',
] as const;

const WITH_DETAIL = new Set(['sign_in', 'quiz_guess', 'share', 'challenge_guess', 'sms_code_refused']);

/**
 * Events per UTC day for the last `days` days, read from the daily counts a trigger keeps as events are
 * written (docs/operator.md, "Stats"), and the funnel from sign-in to first unlock to first share.
 */
export async function stats(db: Db, days: number, now: () => number) {
  const today = Math.floor(now() / DAY_MS) * DAY_MS;
  const since = new Date(today - (days - 1) * DAY_MS);
  const [events, signups] = await Promise.all([
    db
      .select({
        day: analyticsDaily.day,
        name: analyticsDaily.name,
        detail: analyticsDaily.detail,
        n: analyticsDaily.count,
      })
      .from(analyticsDaily)
      .where(gte(analyticsDaily.day, since.toISOString().slice(0, 10))),
    db
      .select({
        day: sql<string>`to_char(${waitlistSignup.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
      })
      .from(waitlistSignup)
      .where(gte(waitlistSignup.createdAt, since))
      .groupBy(sql`1`),
  ]);
  const labels = Array.from({ length: days }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const index = new Map(labels.map((d, i) => [d, i]));
  const series: Record<string, number[]> = Object.fromEntries(SERIES.map((s) => [s, labels.map(() => 0)]));
  const add = (name: string, d: string, n: number) => {
    const i = index.get(d);
    const counts = series[name];
    if (i !== undefined && counts) counts[i] = (counts[i] ?? 0) + n;
  };
  for (const e of events) add(WITH_DETAIL.has(e.name) ? `${e.name}:${e.detail}` : e.name, e.day, e.n);
  for (const s of signups) add('waitlist_signup', s.day, s.n);
  const sum = (names: string[]) =>
    names.reduce((total, name) => total + (series[name]?.reduce((a, b) => a + b, 0) ?? 0), 0);
  return {
    days: labels,
    series,
    funnel: {
      signIns: sum(['sign_in:spotify', 'sign_in:lastfm', 'sign_in:listenbrainz', 'sign_in:export']),
      firstUnlocks: sum(['first_unlock']),
      firstShares: sum(['share:first']),
    },
  };
}
