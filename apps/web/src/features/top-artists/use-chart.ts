import { useEffect, useMemo, useState } from 'react';
import { useChartHistory } from '../../stores/chart-history.ts';
import { chartMoves, chartSummary, type Move } from './chart.ts';

/** The chart is the list as shown: its first 40 ranks. */
const CHART_SIZE = 40;

/**
 * Each row's movement against the list of a week before, and the line under the header; keeps the list
 * shown in the device's chart history (docs/product.md, "The weekly chart").
 */
export function useChart(
  artists: readonly { id: string }[],
  ready: boolean,
): { moves: Move[] | null; summary: string | null } {
  const snapshots = useChartHistory((s) => s.snapshots);
  const ids = useMemo(() => artists.slice(0, CHART_SIZE).map((a) => a.id), [artists]);
  // The moment the screen opened: the chart does not shift while it is on screen.
  const [now] = useState(Date.now);
  const moves = useMemo(() => (ready ? chartMoves(ids, snapshots, now) : null), [ready, ids, snapshots, now]);
  useEffect(() => {
    if (ready && ids.length > 0) useChartHistory.getState().record(ids, Date.now());
  }, [ready, ids]);
  return { moves, summary: moves ? chartSummary(moves) : null };
}
