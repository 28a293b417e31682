import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANGUAGES } from '@heavy-rotation/contracts/languages';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ROOT } from '../../scripts/stack.ts';
import { newPhonePage, useJourney } from './harness.ts';
import { signInToList } from './top40-helpers.ts';

// 1 kB = 1000 bytes, as the bench counts: the budgets are its goals (bench/README.md).
const KB = 1000;
const DIST = join(ROOT, 'apps/web/dist');

const journey = useJourney();

/** Records the same-origin JavaScript files a page asks for. */
function recordScripts(page: Page, origin: string): Set<string> {
  const paths = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) paths.add(url.pathname);
  });
  return paths;
}

/** Gzipped bytes of those files as built in apps/web/dist (service worker excluded: it is not page JS). */
async function gzippedSize(paths: Set<string>): Promise<number> {
  let total = 0;
  for (const path of paths) {
    if (path === '/sw.js' || path.startsWith('/workbox-')) continue;
    total += gzipSync(await readFile(join(DIST, path)), { level: 9 }).length;
  }
  return total;
}

/** The operator console's files (its screens and charting library) among those a page asked for. */
function consoleFiles(paths: Set<string>): string[] {
  return [...paths].filter((path) => /\/admin-[^/]*$/.test(path));
}

test('the operator console is its own chunks: the service worker never stores them', async () => {
  const built = await readdir(join(DIST, 'assets'));
  const own = built.filter((name) => name.startsWith('admin-'));
  // The console's screens and its charts (with the charting library).
  expect(own.filter((name) => name.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
  const worker = await readFile(join(DIST, 'sw.js'), 'utf8');
  expect(worker).toMatch(/assets\/index-[\w-]+\.js/);
  expect(own.filter((name) => worker.includes(name))).toEqual([]);
  // The console loads them when opened.
  const { context, page } = await newPhonePage(journey.browser);
  const scripts = recordScripts(page, journey.stack.url);
  await page.goto(`${journey.stack.url}/admin`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(consoleFiles(scripts).length).toBeGreaterThan(0);
  await context.close();
});

test('the JavaScript loaded for /login stays within 100 kB gzipped, in every language', async () => {
  for (const language of LANGUAGES) {
    const { context, page } = await newPhonePage(journey.browser);
    await context.setExtraHTTPHeaders({ 'Accept-Language': language });
    const scripts = recordScripts(page, journey.stack.url);
    await page.goto(`${journey.stack.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('main a[href][tabindex="0"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    const size = await gzippedSize(scripts);
    console.info(`/login JS in ${language}: ${(size / KB).toFixed(1)} kB gzipped in ${scripts.size} files`);
    expect(size, language).toBeLessThanOrEqual(100 * KB);
    expect(consoleFiles(scripts)).toEqual([]);
    await context.close();
  }
});

test('all JavaScript for the signed-in Top 40 stays within 150 kB gzipped', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToList(page, journey.stack.url);
  const fresh = await context.newPage();
  const scripts = recordScripts(fresh, journey.stack.url);
  await fresh.goto(`${journey.stack.url}/`, { waitUntil: 'networkidle' });
  await fresh.getByRole('list', { name: 'Your top artists' }).waitFor();
  await fresh.waitForLoadState('networkidle');
  const size = await gzippedSize(scripts);
  console.info(`signed-in / JS: ${(size / KB).toFixed(1)} kB gzipped in ${scripts.size} files`);
  expect(size).toBeLessThanOrEqual(150 * KB);
  expect(consoleFiles(scripts)).toEqual([]);
  await context.close();
});

test("the Top 40's first frame goes first: images, lines, analytics and offline support are asked for after it is on screen", async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToList(page, journey.stack.url);
  // A new visit with the same sign-in, in a profile without the service worker (it would serve the files).
  const storageState = await context.storageState();
  await context.close();
  const visit = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
  const fresh = await visit.newPage();
  const started: { url: string; at: number }[] = [];
  // The context's: the service worker's script is fetched by the browser, not by the page.
  visit.on('requestfinished', (request) =>
    started.push({ url: request.url(), at: request.timing().startTime }),
  );
  await fresh.goto(`${journey.stack.url}/`, { waitUntil: 'networkidle' });
  await fresh.getByRole('list', { name: 'Your top artists' }).waitFor();
  await fresh.waitForLoadState('networkidle');
  const painted = await fresh.evaluate(
    () =>
      performance.timeOrigin +
      (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
  );
  expect(painted).not.toBeNaN();
  const later = /\/images\/artist\/|manifest\.webmanifest|\/api\/events|generate-success-message|\/sw\.js/;
  const waiting = started.filter((r) => later.test(r.url));
  // They were asked for, all of them once the list was on screen.
  expect(waiting.some((r) => r.url.includes('/images/artist/'))).toBe(true);
  expect(waiting.some((r) => r.url.includes('/sw.js'))).toBe(true);
  expect(waiting.filter((r) => r.at < painted).map((r) => new URL(r.url).pathname)).toEqual([]);
  await visit.close();
});
