import { sampleExportZip } from '@heavy-rotation/emulator/spotify-export';
import type { Plugin } from 'vite';

/** Where "Try a sample export" fetches its sample (docs/product.md, "The Spotify data export"). */
const FILE = 'sample-spotify-export.zip';

/**
 * The sample export, generated when the app is built (and served by the dev server): a zip in the shape
 * Spotify emails, read by the same code as a listener's own.
 */
export function sampleExport(): Plugin {
  let zip: Uint8Array | undefined;
  const bytes = () => {
    zip ??= sampleExportZip();
    return zip;
  };
  return {
    name: 'heavy-rotation-sample-export',
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/zip');
        res.end(bytes());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: bytes() });
    },
  };
}
