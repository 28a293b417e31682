import type { Browser, Page } from 'playwright-core';
import { LISTENER, listPaintedAt, phoneContext, TOP_COUNT, waitForTopRows } from './browser.ts';
import { atMost, type Measure, measured, median, missing, reasonOf, runs } from './results.ts';

const RUNS = runs(5);
const NAME = 'Time to top 40 (from /callback to 40 rows painted, median of 5)';

/** Names the step that failed, so a missing figure says where the journey stopped. */
async function step<T>(name: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new Error(`${name}: ${reasonOf(error)}`);
  }
}

/**
 * Goes through the real sign-in up to the emulator's redirect, keeps the `/callback` address instead of
 * following it, and returns it; the page has stored the sign-in state the callback checks.
 */
async function callbackUrl(page: Page, url: string): Promise<string> {
  let captured: string | undefined;
  // Playwright does not route the target of a redirect, so the emulator's answer is taken apart here.
  await page.route(
    (u) => u.pathname === '/authorize',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch({ maxRedirects: 0 });
      const location = answer.headers().location;
      if (location && new URL(location, route.request().url()).pathname === '/callback') {
        captured = new URL(location, route.request().url()).href;
      }
      // 204 leaves the browser on the current page, so the one-time code stays unused.
      await route.fulfill({ status: 204 });
    },
  );
  await step('open /login', page.goto(`${url}/login`));
  await step('click Connect Spotify', page.getByRole('link', { name: /Connect Spotify/ }).click());
  await step(
    `click Log in as ${LISTENER}`,
    page.getByRole('button', { name: `Log in as ${LISTENER}` }).click(),
  );
  const deadline = Date.now() + 15_000;
  while (!captured && Date.now() < deadline) await page.waitForTimeout(20);
  await page.unrouteAll();
  if (!captured) throw new Error('the emulator did not redirect to /callback');
  return captured;
}

/** One run: milliseconds from the start of the /callback navigation to the frame that shows 40 rows. */
async function once(browser: Browser, url: string): Promise<number> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const target = await callbackUrl(page, url);
    const requested = Date.now();
    await page.goto(target, { waitUntil: 'commit' });
    // Polled in requestAnimationFrame: the first frame with 40 rows is the one that paints them.
    const handle = await step(
      'wait for 40 rows',
      page.waitForFunction(listPaintedAt, TOP_COUNT, { polling: 'raf', timeout: 30_000 }),
    );
    const painted = Number(await handle.jsonValue());
    // Counted from the start of the /callback navigation; should the app reload the page on its way to
    // the list, from the moment the navigation was asked for instead.
    const start = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return nav && new URL(nav.name).pathname === '/callback' ? performance.timeOrigin : null;
    });
    const ms = painted - (start ?? requested);
    // The same rows by role, so the figure counts the Top 40 list and not some other list.
    await waitForTopRows(page, 5_000);
    return ms;
  } finally {
    await context.close();
  }
}

export async function measureTimeToTop40(browser: Browser, url: string): Promise<Measure[]> {
  const times: number[] = [];
  let failure = '';
  let failures = 0;
  // A busy machine can make one journey stumble: up to two more tries; give up if the first two both fail.
  for (let i = 0; times.length < RUNS && i < RUNS + 2; i++) {
    try {
      times.push(await once(browser, url));
    } catch (error) {
      failures += 1;
      failure = reasonOf(error);
      if (times.length === 0 && failures >= 2) break;
    }
  }
  const mid = median(times);
  if (mid === undefined) return [missing(NAME, 'ms', failure || 'no run finished', atMost(400))];
  const note = `runs: ${times.map((t) => Math.round(t)).join(', ')} ms${failures ? `; ${failures} failed: ${failure}` : ''}`;
  return [measured(NAME, Math.round(mid), 'ms', atMost(400), note)];
}
