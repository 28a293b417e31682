import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { skipWelcome } from './quiz-helpers.ts';
import { listItems, ROWS_WAIT, signInToList } from './top40-helpers.ts';

const journey = useJourney();

test('a tab opened before a deploy reloads once when its lazy chunk is gone, and keeps its progress', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // The missing chunk is reported by the browser (and once by the loader) before the reload.
  expectConsoleError(/status of 404|Failed to fetch dynamically imported module|Unable to preload/);
  await skipWelcome(context);
  await signInToList(page, journey.stack.url);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  const revealed = await page.evaluate(() => localStorage.getItem('revealed-artists'));
  // The deploy removed the quiz chunk this tab knows by name: it is gone until the page loads anew.
  let reloads = 0;
  page.on('domcontentloaded', () => {
    reloads++;
  });
  await page.route(/\/assets\/quiz-[^/]+\.js$/, (route) =>
    reloads === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
  );
  await page.getByRole('button', { name: 'Locked artist, rank 1', exact: true }).click();
  await expect.poll(() => reloads, ROWS_WAIT).toBe(1);
  await expect.poll(() => page.getByLabel('Guess an artist').isVisible(), ROWS_WAIT).toBe(true);
  expect(page.url()).toBe(`${journey.stack.url}/quiz`);
  expect(reloads).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('revealed-artists'))).toBe(revealed);
  await context.close();
});
