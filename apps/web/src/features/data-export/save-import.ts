import { loadConfig } from '../../config/app-config.ts';
import { saveArtists } from '../../lib/artists-cache.ts';
import { saveExportListener } from '../../lib/export-listener.ts';
import type { ExportResult } from './parse-export.ts';
import { toArtists } from './to-artists.ts';

/** Keeps what the export gave on this device, as a signed-in list is kept (docs/product.md, "The data exports"). */
export async function saveImport(result: ExportResult, now = Date.now()): Promise<void> {
  const artists = toArtists(result.artists, result.kind);
  saveExportListener({
    kind: result.kind,
    displayName: result.displayName,
    newestEntry: result.newestEntry,
    importedAt: now,
    artists,
  });
  saveArtists((await loadConfig()).productName, artists, now);
}
