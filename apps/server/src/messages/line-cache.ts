// Stored success lines never change (first write wins), so a found line may stay long; an absent one
// only briefly, so a line another instance stored shows up here soon.
const FOUND_MS = 10 * 60_000;
const ABSENT_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  message: string | undefined;
  until: number;
  /** The count of writes and moves when the entry was last put at the young end. */
  placed: number;
}

/**
 * A small LRU of stored success lines per normalised artist name, in front of the database. A hit moves
 * its entry to the young end only once the entry has aged past half the cache: a call asks for ten names
 * at once, and moving each on every hit cost two map writes per name. An entry placed within the last
 * MAX_ENTRIES / 2 writes and moves cannot be the oldest of MAX_ENTRIES, so it is never the one evicted.
 */
export function createLineCache(now: () => number) {
  const entries = new Map<string, Entry>();
  let placed = 0;
  function place(key: string, entry: Entry): void {
    entries.delete(key);
    entry.placed = ++placed;
    entries.set(key, entry);
  }
  return {
    /**
     * The cached answer for key: a line, null for "known to be absent", undefined for "ask the database".
     * `at` is the time of the call, read once for all its names.
     */
    get(key: string, at = now()): string | null | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= at) {
        entries.delete(key);
        return undefined;
      }
      if (placed - entry.placed > MAX_ENTRIES / 2) place(key, entry);
      return entry.message ?? null;
    },
    set(key: string, message: string | undefined): void {
      if (!entries.has(key) && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
      place(key, { message, until: now() + (message === undefined ? ABSENT_MS : FOUND_MS), placed: 0 });
    },
  };
}
