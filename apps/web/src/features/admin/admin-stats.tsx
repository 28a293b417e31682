import * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import type { ChartSeries } from './admin-chart.tsx';
import controls from './admin-controls.module.css';
import { LoadProblem } from './admin-feedback.tsx';
import { ChartCard, Funnel } from './admin-stats-cards.tsx';
import { COLOURS, GROUPS, shareOf } from './admin-stats-groups.ts';

/** First-party events per day and the funnel (docs/operator.md, "Stats"). */
export function StatsPanel() {
  const [days, setDays] = useState<(typeof admin.STATS_DAYS)[number]>(30);
  const path = `/api/admin/stats?days=${days}`;
  const stats = useServerQuery(path, ({ signal }) => callBackend(path, admin.statsReply, { signal }));
  const data = stats.data;
  return (
    <section aria-labelledby="stats-title" className={styles.panel}>
      <h2 id="stats-title">Stats</h2>
      <fieldset className={controls.segmented}>
        <legend>Span</legend>
        {admin.STATS_DAYS.map((d) => (
          <label key={d} className={days === d ? controls.segmentOn : controls.segment}>
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
