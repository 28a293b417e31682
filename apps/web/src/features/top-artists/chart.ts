import { formatNumber, t } from '../../i18n/i18n.ts';
import type { ChartSnapshot } from '../../stores/chart-history.ts';

/** A row's movement against the ranking of a week before (docs/product.md, "The weekly chart"). */
export type Move =
  | { kind: 'up'; by: number }
  | { kind: 'down'; by: number }
  | { kind: 'same' }
  | { kind: 'new' }
  | { kind: 're' };

export const WEEK_MS = 7 * 86_400_000;

/**
 * The ranking today's is compared with: the newest one shown at least seven days before `now`; if none is
 * that old, the newest one that differs from today's. None on a first visit.
 */
function baselineOf(
  ids: readonly string[],
  snapshots: readonly ChartSnapshot[],
  now: number,
): ChartSnapshot | undefined {
  const sorted = [...snapshots].sort((a, b) => a.at - b.at);
  const weekOld = sorted.filter((s) => s.at <= now - WEEK_MS).at(-1);
  if (weekOld) return weekOld;
  const key = ids.join(',');
  return sorted.filter((s) => s.ids.join(',') !== key).at(-1);
}

/** Each rank's movement, or null for every rank when there is nothing to compare with. */
export function chartMoves(
  ids: readonly string[],
  snapshots: readonly ChartSnapshot[],
  now: number,
): Move[] | null {
  const baseline = baselineOf(ids, snapshots, now);
  if (!baseline) return null;
  const before = new Map(baseline.ids.map((id, i) => [id, i]));
  const earlier = new Set(snapshots.filter((s) => s.at < baseline.at).flatMap((s) => s.ids));
  return ids.map((id, rank) => {
    const was = before.get(id);
    if (was === undefined) return earlier.has(id) ? { kind: 're' } : { kind: 'new' };
    if (was > rank) return { kind: 'up', by: was - rank };
    if (was < rank) return { kind: 'down', by: rank - was };
    return { kind: 'same' };
  });
}

/** What a row shows ("▲ 3") and what a screen reader hears ("up 3"). */
export function moveLabel(move: Move): { mark: string; words: string } {
  switch (move.kind) {
    case 'up':
      return { mark: `▲ ${formatNumber(move.by)}`, words: t('top40.moveUp', { by: move.by }) };
    case 'down':
      return { mark: `▼ ${formatNumber(move.by)}`, words: t('top40.moveDown', { by: move.by }) };
    case 'new':
      return { mark: t('top40.moveNewMark'), words: t('top40.moveNew') };
    case 're':
      return { mark: t('top40.moveReMark'), words: t('top40.moveBack') };
    default:
      return { mark: '=', words: t('top40.moveSame') };
  }
}

/** The line under the header: "This week: 3 new · 5 climbers". */
export function chartSummary(moves: readonly Move[]): string {
  const count = (kind: Move['kind']) => moves.filter((m) => m.kind === kind).length;
  const values = { fresh: count('new'), climbers: count('up') };
  const back = count('re');
  return back > 0 ? t('top40.chartSummaryBack', { ...values, back }) : t('top40.chartSummary', values);
}
