import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PHONE, signIn } from '../../e2e/src/harness.ts';

export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../scripts/browser.ts';
export const TOP_COUNT = 40;
export const LISTENER = 'Demo Listener';

export interface StorageEntry {
  name: string;
  value: string;
}

/**
 * Runs in the page: the time (ms since the epoch) once some list has `count` items by ARIA role (an `li`
 * of an `ol`/`ul`, or an element with role "listitem"), else false. Self-contained: Playwright
 * serialises it.
 */
export function listPaintedAt(count: number): number | false {
  let best = 0;
  for (const list of document.querySelectorAll('ol, ul, [role="list"]')) {
    const role = list.getAttribute('role');
    if (role && role !== 'list') continue;
    let items = 0;
    for (const child of list.children) {
      const childRole = child.getAttribute('role');
      if (childRole ? childRole === 'listitem' : child.tagName === 'LI') items += 1;
    }
    if (items > best) best = items;
  }
  return best >= count ? performance.timeOrigin + performance.now() : false;
}

/** The Top 40 rows, queried by role as a person would see them (the list holding the most items). */
export function topRows(page: Page): Locator {
  return page
    .getByRole('list', { includeHidden: true })
    .filter({ has: page.getByRole('listitem', { includeHidden: true }).nth(TOP_COUNT - 1) })
    .first()
    .getByRole('listitem', { includeHidden: true });
}

/** Waits until the Top 40 list shows 40 rows. */
export async function waitForTopRows(page: Page, timeout = 20_000): Promise<void> {
  await topRows(page)
    .nth(TOP_COUNT - 1)
    .waitFor({ state: 'attached', timeout });
}

export function phoneContext(
  browser: Browser,
  origin?: string,
  storage: StorageEntry[] = [],
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    hasTouch: true,
    // A service worker would precache every chunk and blur what a page itself loads.
    serviceWorkers: 'block',
    ...(origin ? { storageState: { cookies: [], origins: [{ origin, localStorage: storage }] } } : {}),
  });
}

/**
 * Signs in for real through the emulator's authorize page, waits for the Top 40, and returns the
 * page's localStorage (token, profile, cached artists) so later runs start as that listener.
 * `welcome_shown` is set so they measure a returning listener's screen, not the first-run overlay.
 */
export async function signedInStorage(browser: Browser, url: string): Promise<StorageEntry[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, url, LISTENER);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    await waitForTopRows(page).catch(() => undefined);
    const state = await context.storageState();
    const entries = state.origins.find((o) => o.origin === new URL(url).origin)?.localStorage ?? [];
    if (!entries.some((e) => e.name === 'spotify_access_token'))
      throw new Error('sign-in stored no access token');
    return [...entries.filter((e) => e.name !== 'welcome_shown'), { name: 'welcome_shown', value: 'true' }];
  } finally {
    await context.close();
  }
}
