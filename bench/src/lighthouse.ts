import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type StorageEntry } from './browser.ts';
import { atLeast, atMost, type Measure, measured, median, missing, reasonOf, runs } from './results.ts';

const RUNS = runs(3);
/** Every run's full report lands here (outside the repository), to see what a figure is made of. */
export const REPORTS_DIR = join(tmpdir(), 'heavy-rotation-bench');

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  longTasks: number;
  longestTask: number;
}

/** Puts the signed-in listener's storage into the profile before Lighthouse loads the page. */
async function seedStorage(port: number, url: string, storage: StorageEntry[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('no browser context to seed');
  try {
    const page = await context.newPage();
    // A same-origin JSON file, so no app code runs and nothing lands in the cache but this file.
    await page.goto(`${url}/app-config.json`);
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, storage);
    await page.close();
  } finally {
    // Disconnects only: Chromium and the profile stay for Lighthouse.
    await browser.close();
  }
}

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return value;
}

function longTasks(lhr: Result): { count: number; longest: number } {
  const details = lhr.audits['long-tasks']?.details;
  const items: unknown[] = details && 'items' in details ? details.items : [];
  const durations = items.map((item) => Number((item as { duration?: unknown }).duration) || 0);
  return { count: durations.length, longest: Math.max(0, ...durations) };
}

/** One Lighthouse run (default mobile settings, performance only) in a fresh Chromium profile. */
async function runOnce(
  url: string,
  path: string,
  report: string,
  storage?: StorageEntry[],
): Promise<LighthouseRun> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'hr-lighthouse-'));
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir });
  try {
    if (storage) await seedStorage(chrome.port, url, storage);
    const result = await lighthouse(url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the seeded sign-in; the fresh profile already has an empty cache.
      disableStorageReset: Boolean(storage),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    await mkdir(REPORTS_DIR, { recursive: true });
    await writeFile(join(REPORTS_DIR, report), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== path) throw new Error(`${path} ended on ${finalPath}`);
    const tasks = longTasks(lhr);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      longTasks: tasks.count,
      longestTask: tasks.longest,
    };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

export interface LighthousePage {
  label: string;
  runs: LighthouseRun[];
  failure?: string;
}

export async function runLighthouse(url: string, path: string, label: string, storage?: StorageEntry[]) {
  const page: LighthousePage = { label, runs: [] };
  // A busy machine now and then loses Lighthouse's trace ("NO_NAVSTART: run Lighthouse again"): a
  // failed run is tried again, twice at most per page.
  for (let attempt = 0; page.runs.length < RUNS && attempt < RUNS + 2; attempt++) {
    try {
      const report = `lighthouse-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${page.runs.length + 1}.json`;
      page.runs.push(await runOnce(url, path, report, storage));
    } catch (error) {
      page.failure = reasonOf(error);
    }
  }
  return page;
}

export function medianOf(page: LighthousePage, key: keyof LighthouseRun): number | undefined {
  return median(page.runs.map((r) => r[key]));
}

export function lighthouseFigures(page: LighthousePage): Measure[] {
  const name = (metric: string) => `Lighthouse ${page.label}: ${metric}`;
  // The landing screens are HTML and CSS first (docs/architecture.md, "The first frame"): a higher bar.
  const landing = page.label === '/login' || page.label === '/signup';
  const rows: [string, keyof LighthouseRun, Measure['unit'], Measure['goal'], number][] = [
    ['performance score', 'score', 'score', atLeast(landing ? 100 : 98), 1],
    ['LCP', 'lcp', 'ms', atMost(landing ? 1200 : 1500), 1],
    ['TBT', 'tbt', 'ms', atMost(50), 1],
    ['CLS', 'cls', '', atMost(0.01), 1000],
  ];
  // A run Lighthouse lost is named: as tried again when the page still got all its runs, else counted.
  const failed = !page.failure
    ? ''
    : page.runs.length < RUNS
      ? `; ${page.runs.length} of ${RUNS} runs; ${page.failure}`
      : `; a run tried again after ${page.failure}`;
  return rows.map(([metric, key, unit, goal, precision]) => {
    const value = medianOf(page, key);
    if (value === undefined) return missing(name(metric), unit, page.failure ?? 'no run', goal);
    const round = (v: number) => Math.round(v * precision) / precision;
    // The runs behind the median, in the order they ran.
    const note = `runs: ${page.runs.map((r) => round(r[key])).join(', ')}${unit === 'ms' ? ' ms' : ''}${failed}`;
    return measured(name(metric), round(value), unit, goal, note);
  });
}
