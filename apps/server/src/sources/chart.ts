import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chartSnapshot } from '../db/schema.ts';

/** Rankings older than this are let go (docs/product.md, "The weekly chart"). */
const KEEP_MS = 120 * 86_400_000;

export interface ChartEntry {
  /** When the ranking was first shown, ms since the epoch. */
  at: number;
  ids: string[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The rankings a listener with a server session was shown, kept by artist id so the chart survives a new
 * device (docs/product.md, "The weekly chart").
 */
export function createChartStore(db: Db, now: () => number) {
  return {
    /**
     * Keeps this ranking when it differs from the last one kept; answers every ranking kept within
     * KEEP_MS, oldest first. A call whose ranking is already kept only reads; old rankings are let go
     * when a new one is stored.
     */
    async record(userId: string, ids: readonly string[]): Promise<ChartEntry[]> {
      const since = new Date(now() - KEEP_MS);
      const rows = await db
        .select()
        .from(chartSnapshot)
        .where(and(eq(chartSnapshot.userId, userId), gte(chartSnapshot.takenAt, since)))
        .orderBy(asc(chartSnapshot.takenAt));
      const kept = rows.map((r) => ({ at: r.takenAt.getTime(), ids: r.artistIds }));
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
        kept.push(entry);
      }
      return kept;
    },
  };
}
