import { activeLanguage } from '../../i18n/i18n.ts';
import { KEYS } from '../../lib/session.ts';
import { readJsonObject, writeJson } from '../../lib/storage.ts';
import { readWelcomeReply, type WelcomeMessage } from './welcome-message.ts';

const WELCOME_CACHE_VERSION = '1.0';
export const WELCOME_CACHE_MS = 7 * 24 * 60 * 60 * 1000;

interface WelcomeCache {
  message: WelcomeMessage;
  artistsHash: string;
  timestamp: number;
  version: string;
  /** The language it is written in: a welcome in another language is not shown (a cache without one is English). */
  language: string;
}

/** A short fingerprint of the sorted artist names (FNV-1a), so a changed list invalidates the cache. */
export function hashArtists(artistNames: string[]): string {
  const text = [...artistNames].sort().join('\u0000');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${hash.toString(36)}`;
}

/**
 * The cached welcome for this list, or null when missing, of another version, list or language, or older
 * than 7 days.
 */
export function readWelcomeCache(artistNames: string[], now = Date.now()): WelcomeMessage | null {
  const cache = readJsonObject(KEYS.welcomeCache);
  if (!cache || cache.version !== WELCOME_CACHE_VERSION) return null;
  if ((cache.language ?? 'en') !== activeLanguage()) return null;
  if (cache.artistsHash !== hashArtists(artistNames)) return null;
  if (
    typeof cache.timestamp !== 'number' ||
    !(now - cache.timestamp < WELCOME_CACHE_MS) ||
    cache.timestamp > now
  ) {
    return null;
  }
  return readWelcomeReply(cache.message);
}

export function writeWelcomeCache(artistNames: string[], message: WelcomeMessage, now = Date.now()): void {
  const cache: WelcomeCache = {
    message,
    artistsHash: hashArtists(artistNames),
    timestamp: now,
    version: WELCOME_CACHE_VERSION,
    language: activeLanguage(),
  };
  writeJson(KEYS.welcomeCache, cache);
}
