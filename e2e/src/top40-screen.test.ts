import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newPhonePage, useJourney } from './harness.ts';
import { demoTop40 } from './quiz-helpers.ts';
import { listItems, ROWS_WAIT, signInToList, storedKeys } from './top40-helpers.ts';

const journey = useJourney();

async function openList(page: Page): Promise<void> {
  await signInToList(page, journey.stack.url);
  await page.evaluate(() => localStorage.setItem('welcome_shown', 'true'));
  await page.reload();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
}

test('a revealed row opens the artist view and a locked row leads to the quiz', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await openList(page);
  const fourth = listItems(page).nth(3).getByRole('button');
  const name = demoTop40()[3] ?? '';
  expect(await fourth.textContent()).toContain(name);
  await fourth.click();
  const view = page.getByRole('dialog');
  await view.waitFor();
  // The view shows 'Loading...' until the artwork's colour is known.
  await view.getByText('My #4 Artist').waitFor();
  expect(await view.textContent()).toContain(name);
  expect(await view.textContent()).toContain('My #4 Artist');
  await view.getByRole('button', { name: /close/i }).first().click();
  await view.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Locked artist, rank 1', exact: true }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  await context.close();
});

test('the menu opens the help sheet, and Reset app asks first and then clears everything', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await openList(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'How does this work?' }).click();
  const help = page.getByRole('dialog', { name: 'How does Heavy Rotation work?' });
  await help.waitFor();
  expect(await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).count()).toBe(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/shots/top40-help.png' });
  await help.getByRole('button', { name: 'Got it' }).click();
  await help.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).waitFor();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Reset app' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset App?' });
  await confirm.getByText('This will clear all your data and restart the app from the beginning.').waitFor();
  await page.screenshot({ path: '/tmp/shots/top40-reset.png' });
  await confirm.getByRole('button', { name: 'Never mind' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.evaluate(() =>
    localStorage.setItem(
      'revealed-artists',
      JSON.stringify({ state: { revealed: [3, 4, 5, 0] }, version: 0 }),
    ),
  );
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Reset app' }).click();
  await page.getByRole('button', { name: 'Yes, reset' }).click();
  await page.waitForURL(`${journey.stack.url}/login`);
  const keys = await storedKeys(page);
  expect(
    keys.filter((k) => k.startsWith('spotify_') || k.endsWith('::artists') || k === 'welcome_shown'),
  ).toEqual([]);
  const revealed = await page.evaluate(() => localStorage.getItem('revealed-artists'));
  expect(revealed === null || revealed.includes('[3,4,5]')).toBe(true);
  await context.close();
});
