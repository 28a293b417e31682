import { readString, removeKey, writeString } from '../../lib/storage.ts';

// Every key of this feature starts with `challenge_`: "Reset app" removes them all (features/auth/sign-out.ts).
const LINK_KEY = 'challenge_link';

/** A friend's game of a link, kept on their device. */
export const playKey = (id: string) => `challenge_play:${id}`;

/** The listener's challenge link, kept on this device only: the key stops it and reads the results. */
export interface SavedLink {
  id: string;
  key: string;
  expiresAt: string;
}

export function readLink(): SavedLink | null {
  try {
    const saved = JSON.parse(readString(LINK_KEY) ?? 'null') as Partial<SavedLink> | null;
    if (!saved || typeof saved.id !== 'string' || typeof saved.key !== 'string') return null;
    return { id: saved.id, key: saved.key, expiresAt: String(saved.expiresAt ?? '') };
  } catch {
    return null;
  }
}

export function saveLink(link: SavedLink): void {
  writeString(LINK_KEY, JSON.stringify(link));
}

export function forgetLink(): void {
  removeKey(LINK_KEY);
}

/** The address a friend opens. */
export function linkUrl(id: string): string {
  return new URL(`/c/${id}`, window.location.origin).href;
}
