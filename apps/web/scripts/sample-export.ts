import { sampleAppleExportZip, sampleYoutubeExportZip } from '@heavy-rotation/emulator/music-exports';
import { sampleExportZip } from '@heavy-rotation/emulator/spotify-export';
import type { Plugin } from 'vite';

/**
 * Where each "Try a sample" fetches its sample (docs/product.md, "The data exports"), and what makes it:
 * the same generators as the tests and the bench.
 */
const SAMPLES: Record<string, () => Uint8Array> = {
  'sample-spotify-export.zip': sampleExportZip,
  'sample-apple-music-export.zip': sampleAppleExportZip,
  'sample-youtube-music-history.zip': sampleYoutubeExportZip,
};

/**
 * The sample exports, generated when the app is built (and served by the dev server): zips in the shape
 * each service sends, read by the same code as a listener's own.
 */
export function sampleExport(): Plugin {
  const made = new Map<string, Uint8Array>();
  const bytes = (file: string, make: () => Uint8Array) => {
    let zip = made.get(file);
    if (!zip) {
      zip = make();
      made.set(file, zip);
    }
    return zip;
  };
  return {
    name: 'heavy-rotation-sample-export',
    configureServer(server) {
      for (const [file, make] of Object.entries(SAMPLES)) {
        server.middlewares.use(`/${file}`, (_req, res) => {
          res.setHeader('Content-Type', 'application/zip');
          res.end(bytes(file, make));
        });
      }
    },
    generateBundle() {
      for (const [file, make] of Object.entries(SAMPLES)) {
        this.emitFile({ type: 'asset', fileName: file, source: bytes(file, make) });
      }
    },
  };
}
