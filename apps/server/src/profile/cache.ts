import { LRUCache } from 'lru-cache';
import type { userProfile } from '../db/schema.ts';

export type ProfileRow = typeof userProfile.$inferSelect;

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Profile rows (or their absence) per user id, in memory. Only safe where every write goes through
 * this process (the embedded database): sms-subscribe forgets the row it changes.
 */
export function createProfileCache(now: () => number = Date.now) {
  // null rows are kept as "no row": lru-cache holds no null, so each entry is wrapped.
  const entries = new LRUCache<string, { row: ProfileRow | null }>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
    // The given clock, read on every look (tests move it by hand).
    perf: { now },
    ttlResolution: 0,
  });
  // Bumped by every write, so a read that started before it cannot store what it saw.
  let generation = 0;
  return {
    generation: () => generation,
    /** The cached row, null for "no row", undefined for "ask the database". */
    get(id: string): ProfileRow | null | undefined {
      return entries.get(id)?.row;
    },
    set(id: string, row: ProfileRow | null, readAt: number): void {
      if (readAt !== generation) return;
      entries.set(id, { row });
    },
    forget(id: string): void {
      generation += 1;
      entries.delete(id);
    },
  };
}

export type ProfileCache = ReturnType<typeof createProfileCache>;
