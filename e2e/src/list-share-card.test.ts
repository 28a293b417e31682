import AxeBuilder from '@axe-core/playwright';
import { expect, test } from 'vitest';
import { openTop40, savedImage } from './artist-card-helpers.ts';
import { PHONE, useJourney } from './harness.ts';
import { demoTop40, openWithSavedProgress } from './quiz-helpers.ts';

const journey = useJourney();

test('the list card shows 40 rows, nothing of locked artists, and shares as a story image', async () => {
  const { context, page } = await openTop40(journey.browser, journey.stack.url);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Share my list' }).click();
  const card = page.getByRole('dialog', { name: 'My top 40 card' });
  const rows = card.getByRole('list', { name: 'My top artists' }).getByRole('listitem');
  await rows.first().waitFor({ timeout: 20_000 });
  expect(await rows.count()).toBe(40);

  const names = demoTop40();
  const revealed = [3, 4, 5];
  for (const i of revealed) expect(await rows.nth(i).textContent()).toContain(names[i]);
  expect(await card.getByText('Locked artist, rank 1', { exact: true }).count()).toBe(1);
  expect(await rows.nth(0).locator('img').count()).toBe(0);
  const html = await page.content();
  const locked = names.filter((_, i) => !revealed.includes(i));
  expect(locked.filter((name) => html.includes(name.replace(/&/g, '&amp;')))).toEqual([]);
  const widths = await rows.evaluateAll((items) => items.map((li) => (li as HTMLElement).offsetWidth));
  expect(widths.slice(0, 3)).toEqual([370, 366, 362]);
  expect(widths[39]).toBe(214);

  expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.screenshot({ path: '/tmp/shots/list-share-card.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/shots/list-share-card-desktop.png' });
  await page.setViewportSize(PHONE);
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(axe.violations).toEqual([]);

  await card.getByRole('button', { name: 'Share' }).click();
  await card.getByRole('button', { name: 'Copied!' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `I got my Spotify top 40– what's yours? ${journey.stack.url}`,
  );
  const story = await savedImage(page, 'list-story');
  expect(story).toEqual({ magic: [0xff, 0xd8], width: 1080, height: 1920 });

  await card.getByRole('button', { name: 'Close' }).click();
  await card.waitFor({ state: 'detached' });
  await context.close();
});

test('with every artist unlocked, the celebration opens the card with all 40 names and covers', async () => {
  const { context, page } = await openTop40(journey.browser, journey.stack.url);
  const all = Array.from({ length: 40 }, (_, i) => i);
  await openWithSavedProgress(page, journey.stack.url, all);
  await page.getByRole('button', { name: 'Share my list' }).click();
  const card = page.getByRole('dialog', { name: 'My top 40 card' });
  const rows = card.getByRole('list', { name: 'My top artists' }).getByRole('listitem');
  await rows.first().waitFor({ timeout: 20_000 });
  expect(await rows.count()).toBe(40);
  expect(await card.getByText(/^Locked artist/).count()).toBe(0);
  expect(await rows.locator('img').count()).toBe(40);
  expect(await rows.nth(39).textContent()).toContain(demoTop40()[39]);
  await page.screenshot({ path: '/tmp/shots/list-share-card-all.png' });
  await page.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Share my list' }).waitFor();
  await context.close();
});
