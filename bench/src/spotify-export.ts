import { execFile } from 'node:child_process';
import { once as nextEvent } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateExport } from '@heavy-rotation/emulator/spotify-export';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Browser } from 'playwright-core';
import { listPaintedAt, phoneContext, TOP_COUNT } from './browser.ts';
import { type Goal, type Measure, measured, missing, QUICK, reasonOf } from './results.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;
const ARTISTS = Array.from({ length: 60 }, (_, i) => `Bench Artist ${i + 1}`);
const NEWEST = new Date(Date.UTC(2026, 10, 1, 12, 0));

/**
 * An Extended streaming history zip whose JSON adds up to about `bytes`, written as a stream (Spotify's
 * own are 10,000 entries a file). Returns its path and the size of the JSON inside.
 */
export async function writeExport(dir: string, bytes: number): Promise<{ path: string; json: number }> {
  const path = join(dir, `extended-${Math.round(bytes / MB)}mb.zip`);
  const out = createWriteStream(path);
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else out.write(chunk);
  });
  let json = 0;
  for (const file of generateExport({
    format: 'extended',
    artists: ARTISTS,
    newest: NEWEST,
    targetBytes: bytes,
  })) {
    const entry = new ZipDeflate(`Spotify Extended Streaming History/${file.name}`, { level: 1 });
    zip.add(entry);
    const data = strToU8(file.text);
    json += data.byteLength;
    entry.push(data, true);
    if (out.writableNeedDrain) await nextEvent(out, 'drain');
  }
  zip.end();
  out.end();
  await nextEvent(out, 'finish');
  if (failed) throw failed;
  return { path, json };
}

/**
 * Parses in a Node process of its own (the worker's code, the same streams): MB of history (unzipped)
 * per second, and the peak resident memory above what the process held before it started reading.
 */
export async function parseFigures(
  path: string,
  json: number,
  label: string,
  kind: 'spotify' | 'apple' | 'youtube' = 'spotify',
  goal?: Goal,
): Promise<Measure[]> {
  const child = fileURLToPath(new URL('./export-parse-child.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', child, path, kind], {
    maxBuffer: 1 << 20,
  });
  const out = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    seconds: number;
    artists: number;
    maxRssMb: number;
    baseRssMb: number;
  };
  if (out.artists !== TOP_COUNT) throw new Error(`ranked ${out.artists} artists, not 40`);
  return [
    measured(
      `Export parse speed, ${label} (${kind === 'apple' ? 'CSV' : 'JSON'} MB per second)`,
      Math.round(json / MB / out.seconds),
      '',
      goal,
    ),
    measured(
      `Export parse peak memory above start, ${label}`,
      Math.round(out.maxRssMb - out.baseRssMb),
      'MB',
    ),
  ];
}

/** In Chromium: from the file chosen on /upload (in the input labelled `input`) to the frame that paints 40 rows. */
export async function timeToRows(
  browser: Browser,
  url: string,
  path: string,
  input = 'Spotify data export',
): Promise<number> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('welcome_shown', 'true');
    });
    await page.goto(`${url}/upload`);
    const field = page.getByLabel(input);
    await field.waitFor();
    const chosen = await page.evaluate(() => performance.timeOrigin + performance.now());
    await field.setInputFiles(path);
    await page.waitForURL(`${url}/`, { timeout: 120_000 });
    const handle = await page.waitForFunction(listPaintedAt, TOP_COUNT, { polling: 'raf', timeout: 30_000 });
    return Number(await handle.jsonValue()) - chosen;
  } finally {
    await context.close();
  }
}

/** Parse speed and memory for a 100 MB and a 500 MB Extended export, and the time to the list in Chromium. */
export async function measureSpotifyExport(browser: Browser, url: string): Promise<Measure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hr-bench-export-'));
  const sizes: [number, string][] = QUICK
    ? [[10 * MB, '10 MB']]
    : [
        [100 * MB, '100 MB'],
        [500 * MB, '500 MB'],
      ];
  const figures: Measure[] = [];
  try {
    for (const [bytes, label] of sizes) {
      const { path, json } = await writeExport(dir, bytes);
      figures.push(...(await parseFigures(path, json, label)));
      if (bytes === sizes[0]?.[0]) {
        const name = `Export: file chosen to 40 rows painted, ${label} (Chromium)`;
        try {
          figures.push(measured(name, Math.round(await timeToRows(browser, url, path)), 'ms'));
        } catch (error) {
          figures.push(missing(name, 'ms', reasonOf(error)));
        }
      }
      await rm(path);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
