import { demoData } from '@heavy-rotation/emulator';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newPhonePage, useJourney } from './harness.ts';
import { demoTop40, shot, signInToTop40 } from './quiz-helpers.ts';
import { listItems, ROWS_WAIT } from './top40-helpers.ts';

const journey = useJourney();

const top40 = demoTop40();
const topIds = (demoData.listeners.find((l) => l.id === 'demo-listener')?.top_artists ?? []).slice(0, 40);
/** Ranks 4-6 are on show from the start; every other rank is locked. */
const UNLOCKED = new Set([3, 4, 5]);
const locked = top40.flatMap((name, i) => (UNLOCKED.has(i) ? [] : [{ name, id: topIds[i] ?? '' }]));

/** Everything a person or a program could read off the page: text, attribute values and the title. */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.documentElement.textContent ?? ''];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) parts.push(attr.value);
    }
    return parts.join('\n');
  });
}

/** Fails naming the surface and the artist when a locked artist shows anywhere on this screen. */
async function expectNothingLocked(page: Page, screen: string, urls: string[]): Promise<void> {
  const text = await pageText(page);
  const tree = await page.locator('body').ariaSnapshot();
  const requested = urls.map((u) => decodeURIComponent(u)).join('\n');
  for (const artist of locked) {
    expect(text.includes(artist.name), `${screen}: DOM names ${artist.name}`).toBe(false);
    expect(tree.includes(artist.name), `${screen}: accessibility tree names ${artist.name}`).toBe(false);
    expect(requested.includes(artist.name), `${screen}: a request names ${artist.name}`).toBe(false);
    expect(requested.includes(artist.id), `${screen}: a request asks for ${artist.name}'s image`).toBe(false);
  }
  expect(await page.title()).not.toMatch(new RegExp(locked.map((a) => escapeRegExp(a.name)).join('|')));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('no screen reachable before unlocking anything gives a locked artist away', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await signInToTop40(page, journey.stack.url);

  // The welcome, each of its three steps.
  for (const [step, next] of [
    ['Welcome', 'Next'],
    ['Your month in music', 'Next'],
    ['Your quiz awaits', "Let's go"],
  ] as const) {
    const dialog = page.getByRole('dialog', { name: step });
    await dialog.getByRole('button', { name: next }).waitFor(ROWS_WAIT);
    await expectNothingLocked(page, `welcome: ${step}`, urls);
    if (step === 'Welcome') await shot(page, 'integrity-welcome');
    await dialog.getByRole('button', { name: next }).click();
  }

  // The Top 40, once every row and released image is in.
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await page.waitForLoadState('networkidle');
  await expectNothingLocked(page, 'top 40', urls);

  // The menu, the help sheet, the reset dialog (cancelled) and the list card.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNothingLocked(page, 'menu', urls);
  await page.getByRole('menuitem', { name: 'How does this work?' }).click();
  const help = page.getByRole('dialog').first();
  await help.waitFor();
  await expectNothingLocked(page, 'help', urls);
  await page.keyboard.press('Escape');
  await help.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Share my list' }).click();
  const card = page.getByRole('dialog', { name: 'My top 40 card' });
  await card.getByRole('button', { name: 'Share' }).waitFor(ROWS_WAIT);
  await page.waitForLoadState('networkidle');
  await expectNothingLocked(page, 'list card', urls);
  await card.getByRole('button', { name: 'Close' }).click();
  await card.waitFor({ state: 'detached' });

  // An unlocked artist's share view (rank 4), with its share texts and page title.
  await listItems(page).nth(3).getByRole('button').click();
  const view = page.getByRole('dialog', { name: `${top40[3]}, my #4 artist` });
  await view.getByText('My #4 Artist').waitFor(ROWS_WAIT);
  await page.waitForLoadState('networkidle');
  await expectNothingLocked(page, 'share view', urls);
  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached' });

  // The quiz: the grid, a miss, an already-unlocked guess, and the first two hints for rank 1.
  await page.goto(`${journey.stack.url}/quiz`);
  const field = page.getByLabel('Guess an artist');
  await field.waitFor(ROWS_WAIT);
  await expectNothingLocked(page, 'quiz', urls);
  await field.fill('Nobody In Particular');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await page.getByText('Not in your top 40 right now').first().waitFor();
  await expectNothingLocked(page, 'quiz: a miss', urls);
  await field.fill(top40[4] ?? '');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await page
    .getByText(/^Already unlocked/)
    .first()
    .waitFor();
  await expectNothingLocked(page, 'quiz: already unlocked', urls);
  await page.getByRole('button', { name: 'Locked artist, rank 1', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Stuck on #1?' });
  await sheet.waitFor();
  await expectNothingLocked(page, 'hint: first letter', urls);
  await sheet.getByRole('button', { name: 'Show the letter pattern' }).click();
  await sheet.getByRole('button', { name: 'Reveal it' }).waitFor();
  await expectNothingLocked(page, 'hint: letter pattern', urls);
  await shot(page, 'integrity-hint');

  // Analytics carried nothing about the list either (events are requests with bodies).
  await context.close();
});

test('analytics events and success-line requests never carry a locked name in their URL or events', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events')) events.push(request.postData() ?? '');
  });
  await signInToTop40(page, journey.stack.url);
  await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Skip' }).click();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByLabel('Guess an artist').waitFor(ROWS_WAIT);
  await page.waitForLoadState('networkidle');
  expect(events.length).toBeGreaterThan(0);
  for (const artist of locked) expect(events.join('\n')).not.toContain(artist.name);
  await context.close();
});
