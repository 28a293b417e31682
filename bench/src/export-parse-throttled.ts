// `npx tsx bench/src/export-parse-throttled.ts [MB] [runs] [slowdown]`: the journey a phone makes with a
// Spotify data export (docs/decisions/033-apple-and-youtube-exports.md, "Reading fast"). In Chromium,
// /upload, an Extended streaming history zip of about MB megabytes of JSON (50 unless said) chosen in
// the file input, to the first frame with 40 rows, with the page's renderer process slowed `slowdown`
// times (4 unless said). Prints each run and the median, in ms.
//
// The slowdown is a Linux CPU cgroup (v1) holding the renderer to 1/slowdown of a core, not
// DevTools' throttling: Chromium's `Emulation.setCPUThrottlingRate` slows the page's main thread only,
// and refuses workers ("Operation is only supported for pages, not workers"), where the export is read.
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchStack } from './bench-stack.ts';
import { launchBrowser, listPaintedAt, phoneContext, TOP_COUNT } from './browser.ts';
import { writeExport } from './spotify-export.ts';

const MB = 1024 * 1024;
const CGROUP = `/sys/fs/cgroup/cpu/hr-phone-${process.pid}`;
const PERIOD_US = 100_000;

const size = Number(process.argv[2] ?? 50);
const runs = Number(process.argv[3] ?? 3);
const slowdown = Number(process.argv[4] ?? 4);

async function parentOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0);
}

/** This script's Chromium's renderer processes (not other browsers on the machine). */
async function renderers(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('--type=renderer')) continue;
    for (let pid = Number(entry); pid > 1; pid = await parentOf(pid)) {
      if (pid === process.pid) {
        pids.push(Number(entry));
        break;
      }
    }
  }
  return pids;
}

async function slowDown(pids: number[]): Promise<void> {
  for (const pid of pids) await writeFile(`${CGROUP}/cgroup.procs`, String(pid)).catch(() => undefined);
}

const dir = await mkdtemp(join(tmpdir(), 'hr-bench-throttled-'));
const { path } = await writeExport(dir, size * MB);
if (slowdown > 1) {
  await mkdir(CGROUP);
  await writeFile(`${CGROUP}/cpu.cfs_period_us`, String(PERIOD_US));
  await writeFile(`${CGROUP}/cpu.cfs_quota_us`, String(Math.round(PERIOD_US / slowdown)));
}
const stack = await startBenchStack();
const browser = await launchBrowser();
const times: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('welcome_shown', 'true'));
      await page.goto(`${stack.url}/upload`);
      const field = page.getByLabel('Spotify data export');
      await field.waitFor();
      if (slowdown > 1) await slowDown(await renderers());
      const chosen = await page.evaluate(() => performance.timeOrigin + performance.now());
      await field.setInputFiles(path);
      await page.waitForURL(`${stack.url}/`, { timeout: 120_000 });
      const handle = await page.waitForFunction(listPaintedAt, TOP_COUNT, {
        polling: 'raf',
        timeout: 60_000,
      });
      const ms = Math.round(Number(await handle.jsonValue()) - chosen);
      times.push(ms);
      console.log(`run ${run + 1}: ${ms} ms`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stack.stop();
  if (slowdown > 1) await rmdir(CGROUP).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${size} MB Spotify export at ${slowdown}x: median ${sorted[Math.floor(sorted.length / 2)]} ms (${times.join(', ')})`,
);
