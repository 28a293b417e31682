import * as admin from '@heavy-rotation/contracts/admin';
import { lazy, Suspense, useState } from 'react';
import styles from './admin.module.css';
import type { ChartSeries } from './admin-chart.tsx';
import { LoadProblem } from './admin-feedback.tsx';
import { useAdminQuery } from './admin-use-query.ts';

// The charting library comes only with this panel.
const DailyChart = lazy(() => import('./admin-chart.tsx'));

const COLOURS = ['#1ed760', '#4da3ff', '#ffb020', '#ff6ad5', '#b388ff'];

interface Group {
  title: string;
  series: [key: string, label: string][];
  /** A share the card states in words: `of` out of `per`. */
  share?: { of: string; per: string; words: string };
}

const GROUPS: Group[] = [
  {
    title: 'Sign-ins by source',
    series: [
      ['sign_in:spotify', 'Spotify'],
      ['sign_in:lastfm', 'Last.fm'],
      ['sign_in:listenbrainz', 'ListenBrainz'],
      ['sign_in:export', 'Data export'],
    ],
  },
  { title: 'Page views', series: [['page_view', 'Page views']] },
  {
    title: 'Quiz',
    series: [
      ['quiz_guess:right', 'Right guesses (unlocks)'],
      ['quiz_guess:wrong', 'Wrong guesses'],
      ['first_unlock', 'First unlocks'],
    ],
  },
  {
    title: 'Shares',
    series: [
      ['share:first', 'First shares'],
      ['share:again', 'Later shares'],
    ],
  },
  {
    title: 'Friend challenges',
    series: [
      ['challenge_created', 'Links made'],
      ['challenge_opened', 'Links opened'],
      ['challenge_guess:right', 'Right guesses'],
      ['challenge_guess:wrong', 'Wrong guesses'],
      ['challenge_finished', 'Games finished'],
    ],
  },
  {
    title: 'Phone gate',
    series: [
      ['sms_gate_view', 'Shown'],
      ['sms_phone_submitted', 'Number given'],
      ['sms_gate_skipped', 'Skipped'],
    ],
  },
  {
    // Codes texted that never come back are what texts pumped for a fee look like (docs/operator.md, "Stats").
    title: 'Codes texted',
    series: [
      ['sms_code_sent', 'Texted'],
      ['sms_code_confirmed', 'Confirmed'],
      ['sms_code_refused:number', 'Refused: country or kind of number'],
      ['sms_code_refused:limit', 'Refused: limits'],
      ['sms_code_refused:paused', 'Refused: texts paused'],
    ],
    share: { of: 'sms_code_confirmed', per: 'sms_code_sent', words: 'codes texted came back' },
  },
  { title: 'Waitlist signups', series: [['waitlist_signup', 'Signups']] },
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** First-party events per day and the funnel (docs/operator.md, "Stats"). */
export function StatsPanel({ onUnauthorised }: { onUnauthorised: () => void }) {
  const [days, setDays] = useState<(typeof admin.STATS_DAYS)[number]>(30);
  const stats = useAdminQuery(`/stats?days=${days}`, admin.statsReply, onUnauthorised);
  const data = stats.data;
  return (
    <section aria-labelledby="stats-title" className={styles.panel}>
      <h2 id="stats-title">Stats</h2>
      <fieldset className={styles.segmented}>
        <legend>Span</legend>
        {admin.STATS_DAYS.map((d) => (
          <label key={d} className={days === d ? styles.segmentOn : styles.segment}>
            <input type="radio" name="span" value={d} checked={days === d} onChange={() => setDays(d)} />
            {d} days
          </label>
        ))}
      </fieldset>
      {stats.error && !data ? <LoadProblem error={stats.error} retry={stats.reload} /> : null}
      {!data ? (
        <p className={styles.muted} role="status">
          Counting events…
        </p>
      ) : (
        <div aria-busy={stats.loading}>
          <Funnel funnel={data.funnel} days={days} />
          {GROUPS.map((group) => {
            const series: ChartSeries[] = group.series.map(([key, label], i) => ({
              label,
              colour: COLOURS[i % COLOURS.length] ?? '#1ed760',
              values: data.series[key] ?? data.days.map(() => 0),
            }));
            return (
              <ChartCard
                key={group.title}
                title={group.title}
                days={data.days}
                series={series}
                note={group.share ? shareOf(data, group.share) : undefined}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}

function Funnel({ funnel, days }: { funnel: admin.StatsReply['funnel']; days: number }) {
  const steps = [
    ['Signed in', funnel.signIns],
    ['First unlock', funnel.firstUnlocks],
    ['First share', funnel.firstShares],
  ] as const;
  const top = Math.max(1, funnel.signIns);
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>Funnel, last {days} days</h3>
      <ol className={styles.funnel}>
        {steps.map(([label, n]) => (
          <li key={label}>
            <span className={styles.funnelLabel}>
              {label}: <strong>{n.toLocaleString('en-GB')}</strong>
              {label === 'Signed in' ? '' : ` (${Math.round((n / top) * 100)} % of sign-ins)`}
            </span>
            <span className={styles.funnelBar} style={{ width: `${Math.min(100, (n / top) * 100)}%` }} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** "12 of 40 codes texted came back (30 %)". */
function shareOf(data: admin.StatsReply, share: NonNullable<Group['share']>): string {
  const [of, per] = [sum(data.series[share.of] ?? []), sum(data.series[share.per] ?? [])];
  const percent = per === 0 ? '' : ` (${Math.round((of / per) * 100)} %)`;
  return `${of.toLocaleString('en-GB')} of ${per.toLocaleString('en-GB')} ${share.words}${percent}`;
}

function ChartCard(props: {
  title: string;
  days: string[];
  series: ChartSeries[];
  note?: string | undefined;
}) {
  const { title, days, series, note } = props;
  const total = sum(series.flatMap((s) => s.values));
  return (
    <figure className={styles.card}>
      <figcaption className={styles.cardTitle}>
        {title}: {total.toLocaleString('en-GB')} in all
      </figcaption>
      {note ? <p className={styles.muted}>{note}</p> : null}
      {total === 0 ? (
        <p className={styles.empty}>Nothing in this span yet.</p>
      ) : (
        <Suspense fallback={<div className={styles.chart} />}>
          <DailyChart days={days} series={series} />
        </Suspense>
      )}
      <details className={styles.details}>
        <summary>Show as a table</summary>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title} per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <th scope="row">{d}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
