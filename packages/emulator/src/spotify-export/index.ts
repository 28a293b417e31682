import { strToU8, zipSync } from 'fflate';
import { demoData } from '../data/demo.ts';
import { type ExportFile, generateExport } from './generate.ts';

export type { ExportFile, ExportFormat, ExportOptions } from './generate.ts';
export { DECOY_ARTISTS, generateExport } from './generate.ts';

/** The export as Spotify emails it: one zip, the files in a `Spotify Account Data` folder. */
export function zipExport(files: Iterable<ExportFile>, folder = 'Spotify Account Data'): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[`${folder}/${file.name}`] = strToU8(file.text);
  return zipSync(entries, { level: 6 });
}

/** The newest entry of the sample: its four weeks end here. */
export const SAMPLE_NEWEST = new Date(Date.UTC(2026, 9, 31, 21, 30));

/** The artists of the sample, best first: the demo listener's. */
export const SAMPLE_ARTISTS: readonly string[] = demoData.artists.slice(0, 45).map((a) => a.name);

/** The sample "Try a sample export" loads: Account data of the demo catalogue's first 45 artists. */
export function sampleExportZip(): Uint8Array {
  return zipExport(
    generateExport({
      format: 'account',
      artists: SAMPLE_ARTISTS,
      newest: SAMPLE_NEWEST,
      displayName: 'Sample Listener',
    }),
    'my_spotify_data/Spotify Account Data',
  );
}
