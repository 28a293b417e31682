import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { shot, skipWelcome } from './quiz-helpers.ts';
import { listItems, signInToList } from './top40-helpers.ts';

const journey = useJourney();

test('without a network a reload still shows the saved list, with both banners', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // Offline, the browser reports each request it could not send (an artist image the service worker
  // has not cached yet fails as ERR_FAILED); the app logs nothing itself.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await skipWelcome(context);
  await signInToList(page, journey.stack.url);
  // The service worker takes over on the next load; from then on the shell is served from its cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => listItems(page).count()).toBe(40);
  // Online, the service worker still gets the server's page: the Top 40 is painted from the saved frame.
  await page.reload();
  await expect.poll(() => listItems(page).count()).toBe(40);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.evaluate(() => document.getElementById('root')?.dataset.drawn)).toBe('replaced');

  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => listItems(page).count()).toBe(40);
  await page.getByText('Offline - showing last saved data').waitFor();
  // Offline the copy of that page is used, and the saved frame (drawn online) is left to the app.
  expect(await page.evaluate(() => document.getElementById('app-config') !== null)).toBe(true);
  expect(await page.evaluate(() => document.getElementById('root')?.dataset.drawn)).toBeUndefined();
  await shot(page, 'offline-banner');

  await context.setOffline(false);
  await page.getByText('Back online! Refreshing…').waitFor();
  await shot(page, 'back-online-banner');
  await page.getByText('Back online! Refreshing…').waitFor({ state: 'detached', timeout: 5_000 });
  expect(await listItems(page).count()).toBe(40);
  await context.close();
});
