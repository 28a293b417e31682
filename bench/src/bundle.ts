import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { ROOT } from '../../scripts/stack.ts';
import { phoneContext, type StorageEntry, topRows, waitForTopRows } from './browser.ts';
import { atMost, type Goal, type Measure, measured, missing, reasonOf } from './results.ts';

const DIST = join(ROOT, 'apps/web/dist');
const JS_BUDGET: Record<string, Goal> = { '/login': atMost(100_000), '/': atMost(150_000) };

interface Loaded {
  js: number;
  css: number;
  /** JS bytes as the server sent them (its compression, if any). */
  jsWire: number;
  files: number;
}

/** Path under apps/web/dist of each JS and CSS file a page requests, with the bytes it took on the wire. */
type Assets = Map<string, number>;

function assetPath(request: Request, origin: string): string | undefined {
  const url = new URL(request.url());
  const ext = extname(url.pathname);
  if (url.origin !== origin || !['.js', '.mjs', '.css'].includes(ext)) return undefined;
  return decodeURIComponent(url.pathname);
}

function recordAssets(page: Page, origin: string): Assets {
  const seen: Assets = new Map();
  page.on('request', (request) => {
    const path = assetPath(request, origin);
    if (path && !seen.has(path)) seen.set(path, 0);
  });
  page.on('requestfinished', async (request) => {
    const path = assetPath(request, origin);
    if (path) seen.set(path, (await request.sizes().catch(() => undefined))?.responseBodySize ?? 0);
  });
  return seen;
}

const gzipCache = new Map<string, number>();

async function gzipSize(path: string): Promise<number> {
  const file = normalize(join(DIST, path));
  if (!file.startsWith(DIST + sep)) throw new Error(`${path} is outside the build`);
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

async function total(assets: Iterable<[string, number]>): Promise<Loaded> {
  const sum = { js: 0, css: 0, jsWire: 0, files: 0 };
  for (const [path, wire] of assets) {
    const size = await gzipSize(path);
    if (path.endsWith('.css')) sum.css += size;
    else {
      sum.js += size;
      sum.jsWire += wire;
    }
    sum.files += 1;
  }
  return sum;
}

/** Lets lazy chunks that load after first render (timers, idle callbacks) arrive. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

function figures(label: string, loaded: Loaded, extra?: string): Measure[] {
  const wire = `${loaded.files} files; ${(loaded.jsWire / 1000).toFixed(1)} kB JS on the wire`;
  return [
    measured(
      `Bundle ${label}: JS (gzip)`,
      loaded.js,
      'bytes',
      JS_BUDGET[label],
      extra ? `${wire}; ${extra}` : wire,
    ),
    measured(`Bundle ${label}: CSS (gzip)`, loaded.css, 'bytes'),
  ];
}

async function measurePage(
  browser: Browser,
  url: string,
  path: string,
  storage: StorageEntry[] | undefined,
  ready: (page: Page) => Promise<void>,
): Promise<{ page: Page; seen: Assets; close: () => Promise<void> }> {
  const context = await phoneContext(browser, storage ? url : undefined, storage);
  try {
    const page = await context.newPage();
    const seen = recordAssets(page, url);
    await page.goto(url + path);
    await ready(page);
    await settle(page);
    return { page, seen, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Gzipped JS and CSS a phone loads for each screen of the production build. */
export async function measureBundles(
  browser: Browser,
  url: string,
  storage: StorageEntry[] | undefined,
): Promise<Measure[]> {
  const out: Measure[] = [];
  const heading = async (page: Page) => {
    await page.getByRole('heading').first().waitFor({ timeout: 10_000 });
  };
  for (const path of ['/login', '/signup']) {
    try {
      const run = await measurePage(browser, url, path, undefined, heading);
      try {
        out.push(...figures(path, await total(run.seen)));
      } finally {
        await run.close();
      }
    } catch (error) {
      out.push(missing(`Bundle ${path}: JS (gzip)`, 'bytes', reasonOf(error), JS_BUDGET[path]));
    }
  }
  if (!storage) {
    for (const label of ['/', '/quiz', 'share view'])
      out.push(missing(`Bundle ${label}: JS (gzip)`, 'bytes', 'no signed-in storage', JS_BUDGET[label]));
    return out;
  }
  out.push(...(await signedIn(browser, url, storage)));
  try {
    const run = await measurePage(browser, url, '/quiz', storage, async (page) => {
      await page.getByRole('textbox', { name: /Guess an artist/i }).waitFor({ timeout: 15_000 });
    });
    try {
      out.push(...figures('/quiz', await total(run.seen)));
    } finally {
      await run.close();
    }
  } catch (error) {
    out.push(missing('Bundle /quiz: JS (gzip)', 'bytes', reasonOf(error)));
  }
  return out;
}

/** Signed-in `/`, then the share view opened by tapping the revealed row at rank 4 (on top of `/`). */
async function signedIn(browser: Browser, url: string, storage: StorageEntry[]): Promise<Measure[]> {
  let run: Awaited<ReturnType<typeof measurePage>> | undefined;
  try {
    run = await measurePage(browser, url, '/', storage, (page) => waitForTopRows(page));
  } catch (error) {
    return [
      missing('Bundle /: JS (gzip)', 'bytes', reasonOf(error), JS_BUDGET['/']),
      missing('Bundle share view: JS (gzip)', 'bytes', 'signed-in / did not load'),
    ];
  }
  const out = figures('/', await total(run.seen));
  try {
    const before = new Set(run.seen.keys());
    await topRows(run.page).nth(3).getByRole('button').first().click({ timeout: 10_000 });
    await run.page.getByText(/My #4 Artist/i).waitFor({ timeout: 15_000 });
    await settle(run.page);
    const extra = await total([...run.seen].filter(([p]) => !before.has(p)));
    out.push(
      ...figures('share view', await total(run.seen), `+${(extra.js / 1000).toFixed(1)} kB JS over /`),
    );
  } catch (error) {
    out.push(missing('Bundle share view: JS (gzip)', 'bytes', reasonOf(error)));
  } finally {
    await run.close();
  }
  return out;
}
