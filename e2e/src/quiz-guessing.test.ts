import AxeBuilder from '@axe-core/playwright';
import { expect, test } from 'vitest';
import { newPhonePage, useJourney } from './harness.ts';
import { demoTop40, openWithSavedProgress, shot, signInToTop40, skipWelcome } from './quiz-helpers.ts';

const journey = useJourney();
const names = demoTop40();

test('the demo list starts with the names the journeys use', () => {
  expect(names.slice(0, 6)).toEqual([
    'Beyoncé',
    'The Weeknd',
    'AC/DC',
    'P!nk',
    'Simon & Garfunkel',
    'Sigur Rós',
  ]);
});

test('guessing unlocks with a typo, knows what is already unlocked, keeps misses, and survives a reload', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url);
  await page.goto(`${journey.stack.url}/quiz`);
  await expect.poll(() => page.getByText('3 of 40 unlocked').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Locked artist, rank 1', exact: true }).isVisible()).toBe(
    true,
  );
  // Locked artists' names are nowhere in the page.
  expect(await page.content()).not.toContain('Beyonc');

  const field = page.getByLabel('Guess an artist');
  const status = page.getByRole('status').filter({ hasText: /./ });
  await field.fill('beyonse');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect.poll(() => status.textContent()).toContain('Unlocked! Beyoncé is your #1.');
  expect(await status.textContent()).toContain('Beyoncé has a permanent seat in your rotation.');
  expect(
    await page.getByText('Beyoncé has a permanent seat in your rotation.', { exact: true }).isVisible(),
  ).toBe(true);
  expect(await page.getByText('4 of 40 unlocked').isVisible()).toBe(true);
  expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  await shot(page, 'quiz-unlocked');

  // A line written by the server for an artist the built-in table lacks.
  await field.fill('ac dc');
  await field.press('Enter');
  await expect.poll(() => status.textContent()).toContain('Unlocked! AC/DC is your #3.');
  await expect
    .poll(() => page.getByText('Unlocked · #3').locator('..').locator('p').last().textContent())
    .not.toBe("You don't miss a beat.");

  await field.fill('pink');
  await field.press('Enter');
  await expect.poll(() => status.textContent()).toBe('Already unlocked: P!nk is your #4');

  await field.fill('Madonna');
  await field.press('Enter');
  await expect.poll(() => status.textContent()).toBe('Not in your top 40 right now');
  const misses = page.getByRole('region', { name: 'Recent misses' });
  expect(await misses.getByRole('listitem').allTextContents()).toEqual(['Madonna']);
  await shot(page, 'quiz-miss');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.reload();
  await expect.poll(() => page.getByText('5 of 40 unlocked').isVisible()).toBe(true);
  expect(await page.getByText('Beyoncé', { exact: true }).isVisible()).toBe(true);
  await context.close();
});

test('the hint ladder goes from the first letter to the pattern to "Reveal it"', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url);
  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByRole('button', { name: 'Locked artist, rank 2', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Stuck on #2?' });
  await sheet.waitFor();
  expect(await sheet.getByText('T', { exact: true }).isVisible()).toBe(true);
  expect(await sheet.getByRole('button', { name: 'Reveal it' }).count()).toBe(0);
  await sheet.getByRole('button', { name: 'Show the letter pattern' }).click();
  expect(await sheet.getByText('T _ _   W _ _ _ _ _').isVisible()).toBe(true);
  await shot(page, 'quiz-hints');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await sheet.getByRole('button', { name: 'Reveal it' }).click();
  await sheet.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByText('4 of 40 unlocked').isVisible()).toBe(true);
  expect(await page.getByText('The Weeknd', { exact: true }).isVisible()).toBe(true);
  // Revealed by a hint: no celebration line.
  expect(await page.getByText(/^Unlocked/).count()).toBe(0);
  await expect
    .poll(() => page.getByLabel('Guess an artist').evaluate((el) => el === document.activeElement))
    .toBe(true);
  await context.close();
});

test('guessing the last locked artist brings the celebration and the share action', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url);
  const allButLast = Array.from({ length: 39 }, (_, i) => i);
  await openWithSavedProgress(page, journey.stack.url, allButLast);
  await expect.poll(() => page.getByText('39 of 40 unlocked').isVisible()).toBe(true);
  const last = names[39] ?? '';
  await page.getByLabel('Guess an artist').fill(last.toLowerCase().replace(/^the /, ''));
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await page.getByRole('heading', { name: 'You know your top 40 by heart!' }).waitFor();
  expect(await page.getByText('40 of 40 unlocked').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Share my list' }).isVisible()).toBe(true);
  await shot(page, 'quiz-celebration');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'quiz-celebration-desktop');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
