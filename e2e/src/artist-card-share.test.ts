import AxeBuilder from '@axe-core/playwright';
import { expect, test } from 'vitest';
import {
  artistAt,
  commonestColour,
  openRank,
  openTop40,
  parseRgb,
  savedImage,
} from './artist-card-helpers.ts';
import { expectConsoleError, PHONE, useJourney } from './harness.ts';
import { emulator, listItems } from './top40-helpers.ts';

const journey = useJourney();

test('the share view shows the card in the image colour, links to Spotify and shares through the clipboard', async () => {
  const { context, page } = await openTop40(journey.browser, journey.stack.url);
  const artist = await artistAt(page, 3);
  const titleBefore = await page.title();
  await openRank(page, 4);
  const view = page.getByRole('dialog', { name: `${artist.name}, my #4 artist` });
  await view.getByText('My #4 Artist').waitFor();
  expect(await view.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await view.getByRole('heading', { name: artist.name }).count()).toBe(1);
  expect(await page.title()).toBe('Heavy Rotation - Your Top Spotify Artists');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
    `${artist.name} is my #4 artist right now– who's yours?`,
  );

  // The card's colour is the one the artist's image is mostly made of, not the fallback grey.
  const image = await view.locator('img').first().getAttribute('src');
  const expected = await commonestColour(page, image ?? '');
  const card = view.getByRole('heading', { name: artist.name }).locator('..');
  const actual = parseRgb(await card.evaluate((el) => getComputedStyle(el).backgroundColor));
  expect(actual).not.toEqual([51, 51, 51]);
  actual.forEach((c, i) => {
    expect(Math.abs(c - (expected[i] ?? 0))).toBeLessThanOrEqual(8);
  });

  const open = view.getByRole('link', { name: 'Open in Spotify' });
  const href = new URL((await open.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe(`https://open.spotify.com/artist/${artist.id}`);
  expect(href.searchParams.get('utm_source')).toBe('heavy-rotation');
  expect(href.searchParams.get('utm_campaign')).toBe('share');
  expect(await page.evaluate((id) => localStorage.getItem(`spotify_url_${id}`), artist.id)).toBe(
    href.toString(),
  );
  await context.route('https://open.spotify.com/**', (route) =>
    route.fulfill({ body: 'Spotify', contentType: 'text/plain' }),
  );
  const [popup] = await Promise.all([context.waitForEvent('page'), open.click()]);
  expect(popup.url()).toBe(href.toString());
  await popup.close();

  await page.screenshot({ path: '/tmp/shots/artist-share-view.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/shots/artist-share-view-desktop.png' });
  await page.setViewportSize(PHONE);
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(axe.violations).toEqual([]);

  await view.getByRole('button', { name: 'Share' }).click();
  await view.getByRole('button', { name: 'Copied!' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${artist.name} is my #4 artist right now– who's yours? ${journey.stack.url}`,
  );
  expect(await view.getByRole('link', { name: 'Save image' }).getAttribute('data-type')).toBe('image/jpeg');
  const story = await savedImage(page, 'artist-story');
  expect(story).toEqual({ magic: [0xff, 0xd8], width: 1080, height: 1920 });
  await view.getByRole('button', { name: 'Share' }).waitFor({ timeout: 5000 });

  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached' });
  expect(await page.title()).toBe(titleBefore);
  expect(
    await listItems(page)
      .nth(3)
      .getByRole('button')
      .evaluate((el) => el === document.activeElement),
  ).toBe(true);
  await context.close();
});

test('a link that cannot be fetched shows the red pill; an image that fails gives the grey card', async () => {
  const { context, page } = await openTop40(journey.browser, journey.stack.url);
  // The browser reports the failed calls itself; nothing else may be logged as an error.
  expectConsoleError(/status of (500|404)/);
  const artist = await artistAt(page, 3);
  await context.route(`**/images/artist/${artist.id}/**`, (route) => route.fulfill({ status: 404 }));
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('spotify_url_')) localStorage.removeItem(key);
  });
  await emulator.fault(journey.stack.emulatorUrl, {
    method: 'GET',
    path: `/v1/artists/${artist.id}`,
    status: 500,
    times: -1,
  });
  try {
    await openRank(page, 4);
    const view = page.getByRole('dialog');
    await view.getByRole('alert').filter({ hasText: "Couldn't open Spotify" }).waitFor();
    const card = view.getByRole('heading', { name: artist.name }).locator('..');
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(51, 51, 51)');
    expect(await view.getByRole('button', { name: 'Open in Spotify' }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/shots/artist-share-link-error.png' });
    await view.getByRole('alert').waitFor({ state: 'detached', timeout: 6000 });
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'detached' });
  } finally {
    await emulator.clearFaults(journey.stack.emulatorUrl);
  }
  await context.close();
});
