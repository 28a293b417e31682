import type { Artist } from '@heavy-rotation/spotify';
import { isArtist } from './artists-cache.ts';
import { KEYS } from './session.ts';
import { readJsonObject, removeKey, writeJson } from './storage.ts';

/**
 * A listener who brought a data export of Spotify, Apple Music or YouTube Music (docs/product.md, "The data exports"): a guest
 * the server does not know. What the export gave is kept on this device only, like a signed-in list.
 */
export interface ExportListener {
  /** Which service's export: Spotify's when kept before there were others. */
  kind: 'spotify' | 'apple' | 'youtube';
  displayName: string | null;
  /** The newest entry of the history: the window ends here. */
  newestEntry: number | null;
  importedAt: number;
  artists: Artist[];
}

// Checked by hand, not with a schema: the guard of every screen reads this, and stays small.
export function readExportListener(): ExportListener | null {
  const stored = readJsonObject(KEYS.exportListener);
  if (!stored || !Array.isArray(stored.artists) || typeof stored.importedAt !== 'number') return null;
  const kind = stored.kind === 'apple' || stored.kind === 'youtube' ? stored.kind : 'spotify';
  return {
    kind,
    displayName: typeof stored.displayName === 'string' ? stored.displayName : null,
    newestEntry: typeof stored.newestEntry === 'number' ? stored.newestEntry : null,
    importedAt: stored.importedAt,
    artists: stored.artists.filter(isArtist),
  };
}

export function saveExportListener(listener: ExportListener): void {
  writeJson(KEYS.exportListener, listener);
}

export function clearExportListener(): void {
  removeKey(KEYS.exportListener);
}

/** The name of each export's service, for "Open in …" and the screens' words. */
export const EXPORT_LABEL: Record<ExportListener['kind'], string> = {
  spotify: 'Spotify',
  apple: 'Apple Music',
  youtube: 'YouTube Music',
};
