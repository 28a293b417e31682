import type { Artist } from '@heavy-rotation/spotify';
import { forgetFirstFrame } from '../boot/first-frame.ts';
import { artistsCacheKey } from './session.ts';
import { readJsonObject, removeKeysWhere, writeJson } from './storage.ts';

/** Persisted cache lifetime (docs/product.md, "Loading the list"). */
export const PERSISTED_TTL_MS = 2 * 60 * 60 * 1000;
/** In-memory copy lifetime (docs/product.md, "Loading the list"). */
export const MEMORY_TTL_MS = 5 * 60 * 1000;

interface CacheEntry {
  data: Artist[];
  timestamp: number;
}

let memory: CacheEntry | undefined;

/** Whether a stored value has what a list row needs (an id and a name). */
export function isArtist(value: unknown): value is Artist {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string' &&
    'name' in value &&
    typeof value.name === 'string'
  );
}

function readPersisted(productName: string): CacheEntry | null {
  const entry = readJsonObject(artistsCacheKey(productName));
  if (!entry || !Array.isArray(entry.data) || typeof entry.timestamp !== 'number') return null;
  const data = entry.data.filter(isArtist);
  return data.length > 0 ? { data, timestamp: entry.timestamp } : null;
}

/** Until when a persisted list counts as fresh: 2 hours after it was saved. */
const freshUntil = (entry: CacheEntry) => entry.timestamp + PERSISTED_TTL_MS;

/** The persisted list while it is fresh. */
export function freshPersisted(productName: string, now = Date.now()): Artist[] | null {
  const entry = readPersisted(productName);
  return entry && now < freshUntil(entry) ? entry.data : null;
}

/** Until when the persisted list counts as fresh (0 when there is none). */
export function persistedFreshUntil(productName: string): number {
  const entry = readPersisted(productName);
  return entry ? freshUntil(entry) : 0;
}

/** The persisted list of any age: the fallback when the provider fails. */
export function anyPersisted(productName: string): Artist[] | null {
  return readPersisted(productName)?.data ?? null;
}

export function freshMemory(now = Date.now()): Artist[] | null {
  return memory && now - memory.timestamp < MEMORY_TTL_MS ? memory.data : null;
}

export function anyMemory(): Artist[] | null {
  return memory?.data ?? null;
}

export function saveArtists(productName: string, data: Artist[], now = Date.now()): void {
  memory = { data, timestamp: now };
  writeJson(artistsCacheKey(productName), memory);
}

/** Forgets every artist list, persisted (any product name) and in memory, and the frame drawn from one. */
export function clearArtistCaches(): void {
  memory = undefined;
  removeKeysWhere((key) => key.endsWith('::artists'));
  forgetFirstFrame();
}
