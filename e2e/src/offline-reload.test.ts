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

  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => listItems(page).count()).toBe(40);
  await page.getByText('Offline - showing last saved data').waitFor();
  await shot(page, 'offline-banner');

  await context.setOffline(false);
  await page.getByText('Back online! Refreshing…').waitFor();
  await shot(page, 'back-online-banner');
  await page.getByText('Back online! Refreshing…').waitFor({ state: 'detached', timeout: 5_000 });
  expect(await listItems(page).count()).toBe(40);
  await context.close();
});
