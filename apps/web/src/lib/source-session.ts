import { type SourceName, type SourceSessionReply, sourceSessionReply } from '@heavy-rotation/contracts';
import { KEYS } from './session.ts';
import { readJson, removeKey, writeJson } from './storage.ts';

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

export function readSourceSession(): SourceSession | null {
  const parsed = sourceSessionReply.safeParse(readJson<unknown>(KEYS.sourceSession));
  return parsed.success ? parsed.data : null;
}

export function saveSourceSession(session: SourceSession): void {
  writeJson(KEYS.sourceSession, session);
}

export function clearSourceSession(): void {
  removeKey(KEYS.sourceSession);
}
