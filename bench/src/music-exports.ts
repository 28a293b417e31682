import { once as nextEvent } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APPLE_DAILY_PATH,
  appleDailyTracks,
  YOUTUBE_HISTORY_PATH,
  youtubeWatchHistory,
} from '@heavy-rotation/emulator/music-exports';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Browser } from 'playwright-core';
import { atLeast, type Measure, measured, missing, QUICK, reasonOf } from './results.ts';
import { parseFigures, timeToRows } from './spotify-export.ts';

const MB = 1024 * 1024;
const ARTISTS = Array.from({ length: 60 }, (_, i) => `Bench Artist ${i + 1}`);
const NEWEST = new Date(Date.UTC(2026, 10, 1, 12, 0));
/** The goal of decision 033: every export read at 100 MB a second or more. */
const PARSE_GOAL = atLeast(100);

const EXPORTS = {
  apple: {
    label: 'Apple Music',
    input: 'Apple Music data export',
    path: APPLE_DAILY_PATH,
    pieces: (bytes: number) => appleDailyTracks({ artists: ARTISTS, newest: NEWEST, targetBytes: bytes }),
  },
  youtube: {
    label: 'YouTube Music',
    input: 'YouTube Music history (Google Takeout)',
    path: YOUTUBE_HISTORY_PATH,
    pieces: (bytes: number) => youtubeWatchHistory({ artists: ARTISTS, newest: NEWEST, targetBytes: bytes }),
  },
} as const;

/** The history, about `bytes` of it, zipped as a stream; returns the zip's path and the history's size. */
async function writeExport(dir: string, kind: keyof typeof EXPORTS, bytes: number) {
  const path = join(dir, `${kind}-${Math.round(bytes / MB)}mb.zip`);
  const out = createWriteStream(path);
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else out.write(chunk);
  });
  const entry = new ZipDeflate(EXPORTS[kind].path, { level: 1 });
  zip.add(entry);
  let size = 0;
  for (const piece of EXPORTS[kind].pieces(bytes)) {
    const data = strToU8(piece);
    size += data.byteLength;
    entry.push(data, false);
    if (out.writableNeedDrain) await nextEvent(out, 'drain');
  }
  entry.push(new Uint8Array(0), true);
  zip.end();
  out.end();
  await nextEvent(out, 'finish');
  if (failed) throw failed;
  return { path, size };
}

/** Parse speed and memory of an Apple Music and a YouTube Music export of 100 MB, and the time to the list. */
export async function measureMusicExports(browser: Browser, url: string): Promise<Measure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hr-bench-music-export-'));
  const [bytes, size] = QUICK ? [5 * MB, '5 MB'] : [100 * MB, '100 MB'];
  const figures: Measure[] = [];
  try {
    for (const kind of ['apple', 'youtube'] as const) {
      const { label, input } = EXPORTS[kind];
      const written = await writeExport(dir, kind, bytes);
      figures.push(...(await parseFigures(written.path, written.size, `${label} ${size}`, kind, PARSE_GOAL)));
      const name = `Export: file chosen to 40 rows painted, ${label} ${size} (Chromium)`;
      try {
        figures.push(measured(name, Math.round(await timeToRows(browser, url, written.path, input)), 'ms'));
      } catch (error) {
        figures.push(missing(name, 'ms', reasonOf(error)));
      }
      await rm(written.path);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
