// Stored success lines never change (first write wins), so a found line may stay long; an absent one
// only briefly, so a line another instance stored shows up here soon.
const FOUND_MS = 10 * 60_000;
const ABSENT_MS = 30_000;
const MAX_ENTRIES = 5_000;

/** A small LRU of stored success lines per normalised artist name, in front of the database. */
export function createLineCache(now: () => number) {
  const entries = new Map<string, { message: string | undefined; until: number }>();
  return {
    /** The cached answer for key: a line, null for "known to be absent", undefined for "ask the database". */
    get(key: string): string | null | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.until <= now()) return undefined;
      entries.set(key, entry);
      return entry.message ?? null;
    },
    set(key: string, message: string | undefined): void {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
      entries.set(key, { message, until: now() + (message === undefined ? ABSENT_MS : FOUND_MS) });
    },
  };
}
