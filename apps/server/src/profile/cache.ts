import { type ChangeFeed, createRowCache } from '../db/changes.ts';
import type { userProfile } from '../db/schema.ts';

export type ProfileRow = typeof userProfile.$inferSelect;

const MAX_ENTRIES = 10_000;

/**
 * Profile rows, or their absence (`row: null`), per user id: in memory until the database says the row
 * changed, whichever instance changed it (docs/decisions/036-caches-told-by-the-database.md).
 */
export function createProfileCache(changes: ChangeFeed) {
  return createRowCache<{ row: ProfileRow | null }>(changes, 'user_profile', MAX_ENTRIES);
}

export type ProfileCache = ReturnType<typeof createProfileCache>;
