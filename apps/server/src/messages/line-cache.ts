import { LRUCache } from 'lru-cache';

// Stored success lines never change (first write wins), so a found line may stay long; an absent one
// only briefly, so a line another instance stored shows up here soon.
const FOUND_MS = 10 * 60_000;
const ABSENT_MS = 30_000;
const MAX_ENTRIES = 5_000;

/** A bounded cache of stored success lines per normalised artist name, in front of the database. */
export function createLineCache(now: () => number) {
  // `{ absent: true }`: known to be absent (lru-cache holds no null).
  const entries = new LRUCache<string, string | { absent: true }>({
    max: MAX_ENTRIES,
    ttl: FOUND_MS,
    // The given clock, read on every look (tests move it by hand).
    perf: { now },
    ttlResolution: 0,
  });
  return {
    /** The cached answer for key: a line, null for "known to be absent", undefined for "ask the database". */
    get(key: string): string | null | undefined {
      const entry = entries.get(key);
      return typeof entry === 'object' ? null : entry;
    },
    set(key: string, message: string | undefined): void {
      if (message === undefined) entries.set(key, { absent: true }, { ttl: ABSENT_MS });
      else entries.set(key, message);
    },
  };
}
