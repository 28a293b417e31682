import { demoData } from '@heavy-rotation/emulator';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newPhonePage, useJourney } from './harness.ts';
import { demoTop40, openWithSavedProgress, shot, signInToTop40, skipWelcome } from './quiz-helpers.ts';
import { ARTISTS_KEY, listItems, ROWS_WAIT } from './top40-helpers.ts';

const journey = useJourney();
const top40 = demoTop40();
const ids = demoData.listeners.find((l) => l.id === 'demo-listener')?.top_artists ?? [];
const nameOf = new Map(demoData.artists.map((a) => [a.id, a.name]));

async function replaceTopArtists(listenerId: string, artists: string[]): Promise<void> {
  const res = await fetch(`${journey.stack.emulatorUrl}/_emulator/listeners/${listenerId}/top-artists`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ artists }),
  });
  expect(res.status).toBe(200);
}

async function guess(page: Page, name: string): Promise<void> {
  await page.getByLabel('Guess an artist').fill(name);
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await page.getByText(`Unlocked! ${name} is your`, { exact: false }).first().waitFor();
}

/** Row names of the Top 40 screen; null for a locked row. */
async function rowNames(page: Page): Promise<(string | null)[]> {
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  return listItems(page).evaluateAll((rows) =>
    rows.map((row) => {
      const label = row.querySelector('button')?.getAttribute('aria-label') ?? '';
      return label.startsWith('Locked artist') ? null : (row.textContent ?? '');
    }),
  );
}

test('progress follows the artist when the ranking changes: kept at its new rank, dropped when gone', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url);
  await page.goto(`${journey.stack.url}/quiz`);
  await guess(page, top40[0] ?? '');
  await guess(page, top40[9] ?? '');
  await page.getByText('5 of 40 unlocked').waitFor();

  // Next month: six new artists on top, #1 falls to #8, #10 and the old ranks 3-9 leave the list.
  const fresh = demoData.artists.map((a) => a.id).filter((id) => !ids.includes(id));
  const next = [...fresh.slice(0, 6), ids[1], ids[0], ...ids.slice(10, 42)] as string[];
  await replaceTopArtists('demo-listener', next);
  // The saved list is what a refresh replaces (as after its two hours).
  await page.evaluate((key) => localStorage.removeItem(key), ARTISTS_KEY);
  await page.goto(`${journey.stack.url}/`);
  const rows = await rowNames(page);
  await shot(page, 'progress-next-month');
  const shown = rows.flatMap((text, i) => (text === null ? [] : [i]));
  expect(shown).toEqual([3, 4, 5, 7]);
  expect(rows[7]).toContain(top40[0]);
  for (const i of [3, 4, 5]) expect(rows[i]).toContain(nameOf.get(next[i] ?? ''));

  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByText('4 of 40 unlocked').waitFor(ROWS_WAIT);
  // The artist who left stays unlocked in the store: should they come back, they come back unlocked.
  expect(await page.evaluate(() => localStorage.getItem('revealed-artists'))).toContain(ids[9]);
  await replaceTopArtists('demo-listener', ids.slice(0, 50));
  await context.close();
});

test('progress saved by rank before this version is kept, as artists', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await openWithSavedProgress(page, journey.stack.url, [3, 4, 5, 0, 12]);
  await page.getByText('5 of 40 unlocked').waitFor(ROWS_WAIT);
  expect(await page.getByText(top40[0] ?? '', { exact: true }).isVisible()).toBe(true);
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('revealed-artists'))) ?? '{}'),
    )
    .toMatchObject({ version: 1, state: { ids: expect.arrayContaining([ids[0], ids[12], ids[3]]) } });
  await context.close();
});
