import { type ExportResult, SERVICES } from '@heavy-rotation/music-exports';
import { loadConfig } from '../../config/app-config.ts';
import { saveArtists } from '../../lib/artists-cache.ts';
import { saveExportListener } from '../../lib/export-listener.ts';
import type { ListedArtist } from '../../lib/plays.ts';

/**
 * The export's artists in the shape the screens read, with the plays the ranking counted. The link is
 * the service's search for the name, which opens the artist there (docs/product.md, "The data
 * exports"). Ids are stable across imports, so quiz progress survives importing a newer export.
 */
function toArtists(result: ExportResult): ListedArtist[] {
  const service = SERVICES.find((s) => s.kind === result.kind);
  return result.artists.map((artist) => {
    const link = service?.search(artist.name) ?? '';
    return {
      id: `export:${artist.name.toLowerCase()}`,
      name: artist.name,
      type: 'artist',
      images: [],
      uri: '',
      href: link,
      external_urls: result.kind === 'spotify' ? { spotify: link } : {},
      ...(artist.plays > 0 ? { plays: { count: artist.plays, period: 'last-4-weeks' as const } } : {}),
    };
  });
}

/** Keeps what the export gave on this device, as a signed-in list is kept (docs/product.md, "The data exports"). */
export async function saveImport(result: ExportResult, now = Date.now()): Promise<void> {
  const artists = toArtists(result);
  saveExportListener({
    kind: result.kind,
    displayName: result.displayName,
    newestEntry: result.newestEntry,
    importedAt: now,
    artists,
  });
  saveArtists((await loadConfig()).productName, artists, now);
}
