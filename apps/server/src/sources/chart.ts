import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { type ChangeFeed, createRowCache } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { chartSnapshot } from '../db/schema.ts';

/** Rankings older than this are let go (docs/product.md, "The weekly chart"). */
const KEEP_MS = 120 * 86_400_000;
/** How many listeners' rankings an instance keeps in memory. */
const CACHE_MAX = 2_000;

export interface ChartEntry {
  /** When the ranking was first shown, ms since the epoch. */
  at: number;
  ids: string[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The rankings a listener with a server session was shown, kept by artist id so the chart survives a new
 * device (docs/product.md, "The weekly chart"). Each instance keeps the rankings it read in memory until
 * the database says they changed (docs/decisions/036-caches-told-by-the-database.md).
 */
export function createChartStore(db: Db, changes: ChangeFeed, now: () => number) {
  const rankings = createRowCache<{ kept: ChartEntry[] }>(changes, 'chart_snapshot', CACHE_MAX);
  /** Every ranking kept since `since`, oldest first: from memory, else from the database. */
  async function keptSince(userId: string, since: Date): Promise<ChartEntry[]> {
    const known = rankings.get(userId);
    if (known) return known.kept.filter((entry) => entry.at >= since.getTime());
    const readAt = rankings.generation();
    const rows = await db
      .select()
      .from(chartSnapshot)
      .where(and(eq(chartSnapshot.userId, userId), gte(chartSnapshot.takenAt, since)))
      .orderBy(asc(chartSnapshot.takenAt));
    const kept = rows.map((r) => ({ at: r.takenAt.getTime(), ids: r.artistIds }));
    rankings.keep(userId, { kept }, readAt);
    return kept;
  }
  return {
    /**
     * Keeps this ranking when it differs from the last one kept; answers every ranking kept within
     * KEEP_MS, oldest first. A call whose ranking is already kept only reads; old rankings are let go
     * when a new one is stored.
     */
    async record(userId: string, ids: readonly string[]): Promise<ChartEntry[]> {
      const since = new Date(now() - KEEP_MS);
      const kept = [...(await keptSince(userId, since))];
      const newest = kept.at(-1);
      if (ids.length > 0 && !(newest && same(newest.ids, ids))) {
        const entry = { at: now(), ids: [...ids] };
        await db
          .insert(chartSnapshot)
          .values({ userId, takenAt: new Date(entry.at), artistIds: entry.ids })
          .onConflictDoNothing();
        await db
          .delete(chartSnapshot)
          .where(and(eq(chartSnapshot.userId, userId), lt(chartSnapshot.takenAt, since)));
        rankings.forget(userId);
        kept.push(entry);
      }
      return kept;
    },
  };
}
