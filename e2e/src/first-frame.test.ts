import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectConsoleError, PHONE, useJourney } from './harness.ts';
import { AS_LONG_AS_IT_TAKES, eachRate, slowDown, THROTTLED_TEST_MS } from './throttle.ts';
import { ARTISTS_KEY, listItems, ROWS_WAIT, signInToList, storedKeys } from './top40-helpers.ts';

const journey = useJourney();
const FRAME_KEY = 'first_frame';

interface RootChange {
  /** The app's code replaced what was in #root (React's commit), or only added to it. */
  replaced: boolean;
  html: string;
  at: number;
}

/** A new visit with the storage of `signedIn`, without a service worker (it would serve the files). */
async function returningVisit(signedIn: BrowserContext): Promise<{ visit: BrowserContext; page: Page }> {
  const storageState = await signedIn.storageState();
  const visit = await journey.browser.newContext({ viewport: PHONE, storageState, serviceWorkers: 'block' });
  // Every change of #root's own children, in order, with the markup right after it. The early script
  // is the first child of #root in the page and steps out to the head as it runs: not a change of screen.
  await visit.addInitScript(() => {
    const changes: RootChange[] = [];
    Object.assign(window, { rootChanges: changes });
    const screen = (nodes: NodeList) => Array.from(nodes).filter((node) => node.nodeName !== 'SCRIPT');
    new MutationObserver((records) => {
      const root = document.getElementById('root');
      const own = records.filter(
        (r) =>
          r.target === root &&
          r.type === 'childList' &&
          screen(r.addedNodes).length + screen(r.removedNodes).length > 0,
      );
      if (!root || own.length === 0) return;
      changes.push({
        replaced: own.some((r) => screen(r.removedNodes).length > 0),
        html: root.innerHTML,
        at: performance.now(),
      });
    }).observe(document, { childList: true, subtree: true });
  });
  return { visit, page: await visit.newPage() };
}

function rootChanges(page: Page): Promise<RootChange[]> {
  return page.evaluate(() => (window as unknown as { rootChanges: RootChange[] }).rootChanges);
}

/** Storage of the signed-in page, one value changed. */
async function changeStored(page: Page, key: string, change: (value: unknown) => unknown): Promise<void> {
  const now = await page.evaluate((k) => localStorage.getItem(k), key);
  const next = JSON.stringify(change(JSON.parse(now ?? 'null')));
  await page.evaluate(([k, text]) => localStorage.setItem(k as string, text as string), [key, next]);
}

/** Signs in; the welcome is marked as seen, as for a listener who comes back. */
async function signedIn(page: Page): Promise<void> {
  await signInToList(page, journey.stack.url);
  await page.evaluate(() => localStorage.setItem('welcome_shown', 'true'));
}

test("a returning listener's Top 40 is painted from the frame the app saved, before the app's code, and the app's first frame is that same frame", async () => {
  const context = await journey.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signedIn(page);
  expect(await storedKeys(page)).toContain(FRAME_KEY);

  const { visit, page: again } = await returningVisit(context);
  const scripts: { path: string; at: number }[] = [];
  again.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    // The early script (boot/start.ts) is the page's own; the app's code comes after the first paint.
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js') && !pathname.startsWith('/assets/start-'))
      scripts.push({ path: pathname, at: request.timing().startTime });
  });
  await again.goto(`${journey.stack.url}/`);
  await expect.poll(() => listItems(again).count(), ROWS_WAIT).toBe(40);

  const changes = await rootChanges(again);
  const [saved, app] = changes;
  // First the saved frame: the header, the first 12 rows, ranks 4-6 named, the others locked.
  expect(saved?.replaced).toBe(false);
  const drawn = await again.evaluate((html) => {
    const frame = document.createElement('div');
    frame.innerHTML = html;
    return {
      heading: frame.querySelector('h1')?.textContent,
      rows: Array.from(frame.querySelectorAll('ol > li')).map((li) => li.textContent?.trim() ?? ''),
      locked: frame.querySelectorAll('ol > li button[aria-label^="Locked artist"]').length,
    };
  }, saved?.html ?? '');
  expect(drawn.heading).toBe('My Top 40');
  expect(drawn.rows).toHaveLength(12);
  const names = await again.evaluate(
    (k) => (JSON.parse(localStorage.getItem(k) ?? '{}').data as { name: string }[]).map((a) => a.name),
    ARTISTS_KEY,
  );
  for (const rank of [4, 5, 6]) {
    expect(drawn.rows[rank - 1]?.startsWith(String(rank))).toBe(true);
    expect(drawn.rows[rank - 1]?.endsWith(names[rank - 1] ?? '?')).toBe(true);
  }
  expect(drawn.locked).toBe(9);
  // Then the app's own first frame, put in its place in one commit: the very same markup.
  expect(app?.replaced).toBe(true);
  expect(app?.html).toBe(saved?.html);
  expect(await again.evaluate(() => document.getElementById('root')?.dataset.drawn)).toBe('replaced');
  // The app's code was asked for only once the saved frame was on screen.
  const painted = await again.evaluate(
    () =>
      performance.timeOrigin +
      (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN),
  );
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.at < painted).map((s) => s.path)).toEqual([]);
  // And the screen is the app's: a revealed row opens its share view.
  await listItems(again).nth(3).getByRole('button').click();
  await again.getByRole('dialog').waitFor();
  await visit.close();
  await context.close();
});

test("a tap on the saved frame before the app's code has arrived reaches the app once it has", async () => {
  // The quiz button first reads the listener's profile: none yet answers 406 (PGRST116).
  expectConsoleError(/status of 406/);
  const context = await journey.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signedIn(page);
  const { visit, page: again } = await returningVisit(context);
  // The app's entry is held back until the tap has been made.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await again.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await again.goto(`${journey.stack.url}/`);
  await again.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  expect(await again.evaluate(() => document.getElementById('root')?.dataset.drawn)).toBe('saved');
  expect(again.url()).toBe(`${journey.stack.url}/`);
  release();
  // The quiz button's own action: the phone gate's sheet (this listener has no number yet) or the quiz.
  await expect
    .poll(
      async () => again.url().endsWith('/quiz') || (await again.getByRole('dialog').count()) > 0,
      ROWS_WAIT,
    )
    .toBe(true);
  await visit.close();
  await context.close();
});

test(
  'on a throttled phone, the quiz button tapped the moment the saved frame shows reaches the quiz or the phone sheet',
  async () => {
    // The quiz button first reads the listener's profile: none yet answers 406 (PGRST116).
    expectConsoleError(/status of 406/);
    const context = await journey.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signedIn(page);
    await eachRate(['the quiz button'], async (rate) => {
      const { visit, page: again } = await returningVisit(context);
      try {
        await slowDown(again, rate);
        await again.goto(`${journey.stack.url}/`, { waitUntil: 'commit' });
        const quiz = again.getByRole('button', { name: 'Unlock the rest - take quiz' });
        await quiz.waitFor({ state: 'visible', ...AS_LONG_AS_IT_TAKES });
        await quiz.click({ force: true });
        await expect
          .poll(
            async () =>
              new URL(again.url()).pathname === '/quiz' || (await again.getByRole('dialog').count()) > 0,
            { timeout: THROTTLED_TEST_MS },
          )
          .toBe(true);
      } finally {
        await visit.close();
      }
    });
    await context.close();
  },
  THROTTLED_TEST_MS,
);

test('the saved frame is drawn only while it is what the app would draw, and goes with the sign-in', async () => {
  const context = await journey.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signedIn(page);
  const frame = await page.evaluate((k) => localStorage.getItem(k), FRAME_KEY);
  const cases: [string, () => Promise<void>][] = [
    // The saved list was refreshed since (its time and rows differ).
    [
      'a newer list',
      () => changeStored(page, ARTISTS_KEY, (v) => ({ ...(v as object), timestamp: Date.now() - 1 })),
    ],
    // The artist at rank 1 was unlocked in another tab.
    [
      'other reveals',
      async () => {
        const first = await page.evaluate(
          (k) => JSON.parse(localStorage.getItem(k) ?? '{}').data[0].id,
          ARTISTS_KEY,
        );
        await changeStored(page, 'revealed-artists', (v) => {
          const stored = v as { state: { ids: string[] } };
          return { ...stored, state: { ...stored.state, ids: [...stored.state.ids, first] } };
        });
      },
    ],
    // Past its time: the saved list is too old to be shown without asking, or the session needs a check.
    [
      'out of date',
      () => changeStored(page, FRAME_KEY, (v) => ({ ...(v as object), until: Date.now() - 1 })),
    ],
    // Saved by another build of the app, whose markup and class names may differ.
    [
      'another build',
      () => changeStored(page, FRAME_KEY, (v) => ({ ...(v as object), build: '/assets/index-old.js' })),
    ],
    // Drawn in another language: the listener has chosen a new one since (docs/languages.md).
    ['another language', () => changeStored(page, FRAME_KEY, (v) => ({ ...(v as object), language: 'de' }))],
    ['not a frame', () => page.evaluate((k) => localStorage.setItem(k, '{"html":'), FRAME_KEY)],
  ];
  for (const [what, change] of cases) {
    const before = await page.evaluate(() => ({ ...localStorage }));
    await change();
    const { visit, page: again } = await returningVisit(context);
    await again.goto(`${journey.stack.url}/`);
    await expect.poll(() => listItems(again).count(), ROWS_WAIT).toBe(40);
    const changes = await rootChanges(again);
    // Nothing was drawn before the app drew the list itself.
    expect(changes[0]?.replaced, what).toBe(false);
    expect(await again.evaluate(() => document.getElementById('root')?.dataset.drawn), what).toBeUndefined();
    await visit.close();
    // Back to the signed-in storage for the next case.
    await page.evaluate((state) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(state)) localStorage.setItem(k, v);
    }, before);
  }
  expect(await page.evaluate((k) => localStorage.getItem(k), FRAME_KEY)).toBe(frame);
  // Logging out forgets it with the list.
  await page.reload();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${journey.stack.url}/login`);
  expect(await storedKeys(page)).not.toContain(FRAME_KEY);
  await context.close();
});
