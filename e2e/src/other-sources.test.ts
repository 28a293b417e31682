import AxeBuilder from '@axe-core/playwright';
import { demoData, demoSources } from '@heavy-rotation/emulator';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openRank } from './artist-card-helpers.ts';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { giveNumber } from './phone-helpers.ts';
import { shot, skipWelcome } from './quiz-helpers.ts';
import { listItems, ROWS_WAIT } from './top40-helpers.ts';

const journey = useJourney();
const names = new Map(demoData.artists.map((a) => [a.id, a.name]));
const lastfmTop = (demoSources.lastfm[0]?.top_artists ?? []).map((id) => names.get(id) ?? id);
const LB_TOKEN = demoSources.listenbrainz[0]?.token ?? '';
const FRESH_TOKEN = demoSources.listenbrainz[1]?.token ?? '';

async function control(service: 'lastfm' | 'listenbrainz', path: string, body?: unknown, method = 'POST') {
  const res = await fetch(`${journey.stack.emulatorUrl}/${service}/_control/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${service} control ${path}: ${res.status}`);
}

async function signInWithLastfm(page: Page, account = 'Demo Scrobbler'): Promise<void> {
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Continue with Last.fm' }).click();
  await page.getByRole('button', { name: `Log in as ${account}` }).click();
  await page.waitForURL(`${journey.stack.url}/`);
}

async function signInWithListenbrainz(page: Page, token: string): Promise<void> {
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Continue with ListenBrainz' }).click();
  await page.getByLabel('ListenBrainz user token').fill(token);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${journey.stack.url}/login`);
}

test('Last.fm: sign in, the Top 40, a right guess, the share view links to Last.fm, log out', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInWithLastfm(page);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  expect(await page.getByText(lastfmTop[3] ?? '', { exact: true }).isVisible()).toBe(true);
  expect(await page.content()).not.toContain(lastfmTop[0]);
  // The plays behind rank 4 (Last.fm's playcount of the month); a locked row says nothing of its own.
  expect(await listItems(page).nth(3).textContent()).toContain('379 plays in the last 4 weeks');
  expect(await listItems(page).nth(0).textContent()).not.toContain('plays');
  await shot(page, 'lastfm-top40');

  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByLabel('Guess an artist').fill(lastfmTop[0] ?? '');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect.poll(() => page.getByText('4 of 40 unlocked').isVisible()).toBe(true);

  await page.goto(`${journey.stack.url}/`);
  await openRank(page, 4);
  const open = page.getByRole('link', { name: 'Open in Last.fm' });
  await open.waitFor();
  expect(await open.getAttribute('href')).toMatch(/^https:\/\/www\.last\.fm\/music\//);
  await shot(page, 'lastfm-share-view');
  await page.keyboard.press('Escape');

  await logOut(page);
  const session = await page.request.get(`${journey.stack.url}/api/source/session`, {
    headers: { apikey: 'heavy-rotation-public-anon-key' },
  });
  expect(session.status()).toBe(401);
  await context.close();
});

test('Last.fm: cancelling, an ended session and a rate limit each say what happened', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // The refusals below reach the browser as failed resources; the app shows its own words.
  expectConsoleError(/status of (401|429)/);
  await skipWelcome(context);
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Continue with Last.fm' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alert').filter({ hasText: 'You cancelled connecting to Last.fm.' }).waitFor();

  // Without a saved list, a rate limit says when to come back.
  await control('lastfm', 'faults', { match: 'user.getTopArtists', error: 29 });
  await signInWithLastfm(page, 'Quiet Scrobbler');
  await page.getByText('Last.fm needs a short break. Try again in a minute.').waitFor(ROWS_WAIT);

  // Last.fm forgets the session: the listener is told to sign in again.
  await control('lastfm', 'revoke', { name: 'quiet-scrobbler' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByText('Your Last.fm sign-in has ended. Sign in again.').waitFor(ROWS_WAIT);
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await page.waitForURL(`${journey.stack.url}/login`);
  await context.close();
});

test('Last.fm: the phone gate saves a number for a Last.fm listener; an unknown user is told so', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/status of (404|406)/);
  await skipWelcome(context);
  await signInWithLastfm(page);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add your number to continue' });
  await giveNumber(sheet, journey.stack.emulatorUrl, '(201) 555-0199', '+12015550199');
  await page.waitForURL(`${journey.stack.url}/quiz`);

  await control('lastfm', 'faults', { match: 'user.getTopArtists', error: 6 });
  await page.evaluate(() => localStorage.clear());
  await signInWithLastfm(page, 'Quiet Scrobbler');
  await page.getByText("Last.fm doesn't know this user.").waitFor(ROWS_WAIT);
  await context.close();
});

test('ListenBrainz: a pasted token signs in; a wrong one and missing statistics are explained', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/status of (401|409)/);
  await skipWelcome(context);
  await page.goto(`${journey.stack.url}/listenbrainz`);
  const settings = page.getByRole('link', { name: 'ListenBrainz settings page' });
  expect(await settings.getAttribute('href')).toBe(`${journey.stack.emulatorUrl}/listenbrainz/settings/`);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await shot(page, 'listenbrainz-token');

  await signInWithListenbrainz(page, 'not-a-real-token');
  await page.getByText("ListenBrainz doesn't accept this token. Check it and paste it again.").waitFor();

  await signInWithListenbrainz(page, FRESH_TOKEN);
  await page
    .getByText("ListenBrainz hasn't worked out your stats yet. Come back in a day.")
    .waitFor(ROWS_WAIT);
  await logOut(page);

  await signInWithListenbrainz(page, LB_TOKEN);
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  // ListenBrainz's listen counts are worded by their range: the last month's here.
  expect(await listItems(page).nth(3).textContent()).toContain('285 plays last month');
  await logOut(page);
  await context.close();
});

test('Last.fm: images the source lacks fill in, from Deezer or through MusicBrainz, and are kept', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInWithLastfm(page);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  const image = (rank: number) =>
    listItems(page)
      .nth(rank - 1)
      .locator('img');
  // Rank 4 is on Deezer; rank 2 only on Wikimedia Commons, found through its MusicBrainz id.
  await expect.poll(() => image(4).getAttribute('src'), ROWS_WAIT).toContain(`/images/artist/`);
  await shot(page, 'lastfm-images');
  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByLabel('Guess an artist').fill(lastfmTop[1] ?? '');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect.poll(() => page.getByText('4 of 40 unlocked').isVisible()).toBe(true);
  await page.goto(`${journey.stack.url}/`);
  await expect.poll(() => image(2).getAttribute('src'), ROWS_WAIT).toContain('/images/artist/wm-');
  // The saved list keeps them: a reload shows them at once.
  await page.reload();
  await expect.poll(() => image(2).getAttribute('src'), ROWS_WAIT).toContain('/images/artist/wm-');
  await context.close();
});
