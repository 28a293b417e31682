import type { SourceName, SourceSessionReply } from '@heavy-rotation/contracts';
import { track } from './analytics.ts';
import { KEYS } from './session.ts';
import { readJsonObject, removeKey, writeJson } from './storage.ts';

/**
 * A Last.fm or ListenBrainz sign-in (docs/product.md, "Other sources"). The session itself is an HttpOnly
 * cookie the page cannot read; this is only what the page may know: which source, and who.
 */
export type SourceSession = SourceSessionReply;

export const SOURCE_LABEL: Record<SourceName | 'spotify', string> = {
  spotify: 'Spotify',
  lastfm: 'Last.fm',
  listenbrainz: 'ListenBrainz',
};

// Checked by hand, not with the contract's schema: the guard of every screen reads this, and the first
// screen's JavaScript stays small (docs/product.md, "Other sources").
export function readSourceSession(): SourceSession | null {
  const stored = readJsonObject(KEYS.sourceSession);
  const source = stored?.source;
  if (!stored || (source !== 'lastfm' && source !== 'listenbrainz') || typeof stored.userId !== 'string') {
    return null;
  }
  const displayName = typeof stored.displayName === 'string' ? stored.displayName : null;
  return { source, userId: stored.userId, displayName };
}

export function saveSourceSession(session: SourceSession): void {
  writeJson(KEYS.sourceSession, session);
  track({ name: 'sign_in', source: session.source });
}

export function clearSourceSession(): void {
  removeKey(KEYS.sourceSession);
}
