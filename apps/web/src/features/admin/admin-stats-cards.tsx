import type * as admin from '@heavy-rotation/contracts/admin';
import { lazy, Suspense } from 'react';
import styles from './admin.module.css';
import type { ChartSeries } from './admin-chart.tsx';
import data from './admin-data.module.css';
import { sum } from './admin-stats-groups.ts';

// The charting library comes only with this panel.
const DailyChart = lazy(() => import('./admin-chart.tsx'));

/** Sign-ins, then first unlocks and first shares as shares of them. */
export function Funnel({ funnel, days }: { funnel: admin.StatsReply['funnel']; days: number }) {
  const steps = [
    ['Signed in', funnel.signIns],
    ['First unlock', funnel.firstUnlocks],
    ['First share', funnel.firstShares],
  ] as const;
  const top = Math.max(1, funnel.signIns);
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>Funnel, last {days} days</h3>
      <ol className={data.funnel}>
        {steps.map(([label, n]) => (
          <li key={label}>
            <span className={data.funnelLabel}>
              {label}: <strong>{n.toLocaleString('en-GB')}</strong>
              {label === 'Signed in' ? '' : ` (${Math.round((n / top) * 100)} % of sign-ins)`}
            </span>
            <span className={data.funnelBar} style={{ width: `${Math.min(100, (n / top) * 100)}%` }} />
          </li>
        ))}
      </ol>
    </div>
  );
}

export function ChartCard(props: {
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
        <Suspense fallback={<div className={data.chart} />}>
          <DailyChart days={days} series={series} />
        </Suspense>
      )}
      <details className={styles.details}>
        <summary>Show as a table</summary>
        <div className={data.tableWrap}>
          <table className={data.table}>
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
