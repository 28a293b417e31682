import type { userProfile } from '../db/schema.ts';

export type ProfileRow = typeof userProfile.$inferSelect;

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Profile rows (or their absence) per user id, in memory. Only safe where every write goes through
 * this process (the embedded database): sms-subscribe forgets the row it changes.
 */
export function createProfileCache(now: () => number = Date.now) {
  const entries = new Map<string, { row: ProfileRow | null; until: number }>();
  // Bumped by every write, so a read that started before it cannot store what it saw.
  let generation = 0;
  return {
    generation: () => generation,
    /** The cached row, null for "no row", undefined for "ask the database". */
    get(id: string): ProfileRow | null | undefined {
      const entry = entries.get(id);
      if (!entry || entry.until <= now()) return undefined;
      return entry.row;
    },
    set(id: string, row: ProfileRow | null, readAt: number): void {
      if (readAt !== generation) return;
      entries.delete(id);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '');
      entries.set(id, { row, until: now() + TTL_MS });
    },
    forget(id: string): void {
      generation += 1;
      entries.delete(id);
    },
  };
}

export type ProfileCache = ReturnType<typeof createProfileCache>;
