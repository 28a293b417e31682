import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { demoTop40, shot, signInToTop40 } from './quiz-helpers.ts';

const journey = useJourney();
const top40 = demoTop40();

function countWelcomeCalls(page: Page): { count: number } {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/generate-welcome-message')) calls.count++;
  });
  return calls;
}

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test('the welcome shows once in three steps, and comes from the cache when shown again', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const calls = countWelcomeCalls(page);
  await signInToTop40(page, journey.stack.url);
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  const next = dialog.getByRole('button', { name: 'Next' });
  await next.waitFor();
  expect(await bodyOverflow(page)).toBe('hidden');
  const greeting = await dialog.locator('p').nth(1).textContent();
  expect(greeting?.length).toBeGreaterThan(10);
  await shot(page, 'welcome-greeting');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await next.click();
  await page.getByRole('dialog', { name: 'Your month in music' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  const last = page.getByRole('dialog', { name: 'Your quiz awaits' });
  await last.waitFor();
  await last.getByRole('button', { name: "Let's go" }).click();
  await last.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => localStorage.getItem('welcome_shown'))).not.toBeNull();
  expect(await bodyOverflow(page)).not.toBe('hidden');
  const cache = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('welcome_message_cache'))) ?? '{}',
  );
  expect(cache).toMatchObject({ version: '1.0', message: { greeting } });
  expect(typeof cache.artistsHash).toBe('string');

  // Completed: a reload shows the list without the overlay.
  await page.reload();
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Shown again (the flag gone): the same words, without asking the server again.
  await page.evaluate(() => localStorage.removeItem('welcome_shown'));
  await page.reload();
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Next' }).waitFor();
  expect(await page.getByRole('dialog').locator('p').nth(1).textContent()).toBe(greeting);
  expect(calls.count).toBe(1);
  await context.close();
});

test("the server's welcome greets ranks 4-6 and the request carries only their names", async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/functions/v1/generate-welcome-message')) bodies.push(request.postDataJSON());
  });
  await signInToTop40(page, journey.stack.url);
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByRole('button', { name: 'Next' }).waitFor({ timeout: 20_000 });
  expect(bodies).toEqual([{ artists: top40.slice(3, 6), listSize: 40 }]);
  const greeting = (await dialog.locator('p').nth(1).textContent()) ?? '';
  for (const name of top40.slice(3, 6)) expect(greeting).toContain(name);
  await context.close();
});

test('when the server cannot be reached the built-in welcome greets the unlocked artists, ranks 4-6', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/ERR_CONNECTION_REFUSED/);
  await page.route('**/functions/v1/generate-welcome-message', (route) => route.abort('connectionrefused'));
  await signInToTop40(page, journey.stack.url);
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByRole('button', { name: 'Next' }).waitFor({ timeout: 20_000 });
  const greeting = await dialog.locator('p').nth(1).textContent();
  expect(greeting).toContain(`${top40[3]}, ${top40[4]} and ${top40[5]}`);
  for (const name of [...top40.slice(0, 3), ...top40.slice(6)]) expect(greeting).not.toContain(name);
  await shot(page, 'welcome-template');
  await context.close();
});
