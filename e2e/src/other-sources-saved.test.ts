import { demoData, demoSources } from '@heavy-rotation/emulator';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { openRank } from './artist-card-helpers.ts';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { shot, skipWelcome } from './quiz-helpers.ts';
import { listItems, ROWS_WAIT } from './top40-helpers.ts';

// Every list request reaches the source (no shared cache), so a rate limit can meet a saved list.
const journey = useJourney({ SOURCE_CACHE_SECONDS: '0' });
const names = new Map(demoData.artists.map((a) => [a.id, a.name]));
const brainz = demoSources.listenbrainz[0];
const brainzTop = (brainz?.top_artists ?? []).map((id) => names.get(id) ?? id);

async function fault(service: 'lastfm' | 'listenbrainz', body: unknown): Promise<void> {
  const res = await fetch(`${journey.stack.emulatorUrl}/${service}/_control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${service} fault: ${res.status}`);
}

/** Going offline and back asks for a fresh list, as a listener's phone does on the move. */
async function refreshByReconnecting(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

test('Last.fm: a rate limit over a saved list keeps the list on screen and says why', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // Offline for a moment: the browser reports what it could not load (images through the service
  // worker as ERR_FAILED); the app logs nothing itself.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await skipWelcome(context);
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Continue with Last.fm' }).click();
  await page.getByRole('button', { name: 'Log in as Demo Scrobbler' }).click();
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);

  await fault('lastfm', { match: 'user.getTopArtists', error: 29 });
  await refreshByReconnecting(page);
  const notice = page.getByRole('status').filter({ hasText: 'Showing your saved list.' });
  await notice.waitFor(ROWS_WAIT);
  expect(await notice.textContent()).toContain('Last.fm needs a short break. Try again in a minute.');
  expect(await listItems(page).count()).toBe(40);
  await shot(page, 'lastfm-rate-limited-saved-list');

  // The next fresh list clears the notice.
  await refreshByReconnecting(page);
  await notice.waitFor({ state: 'detached', timeout: 20_000 });
  await context.close();
});

test('ListenBrainz: the Top 40, a right guess, the share view, a rate limit over the saved list, log out', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // A new listener has no profile row yet (406), and going offline fails requests.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 406/);
  await skipWelcome(context);
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Continue with ListenBrainz' }).click();
  await page.getByLabel('ListenBrainz user token').fill(brainz?.token ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  expect(await page.getByText(brainzTop[3] ?? '', { exact: true }).isVisible()).toBe(true);
  expect(await page.content()).not.toContain(brainzTop[0]);

  // The quiz opens through the phone gate ("Not now"), as for any signed-in listener.
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await page
    .getByRole('dialog', { name: 'Add your number to continue' })
    .getByRole('button', { name: 'Not now' })
    .click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  await page.getByLabel('Guess an artist').fill(brainzTop[1] ?? '');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect.poll(() => page.getByText('4 of 40 unlocked').isVisible()).toBe(true);

  await page.goto(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await openRank(page, 2);
  const open = page.getByRole('link', { name: 'Open in ListenBrainz' });
  await open.waitFor();
  expect(await open.getAttribute('href')).toMatch(/^https:\/\/listenbrainz\.org\/artist\/[0-9a-f-]{36}\/$/);
  await shot(page, 'listenbrainz-share-view');
  await page.keyboard.press('Escape');

  await fault('listenbrainz', { match: '/1/stats', status: 429, retryAfter: 30 });
  await refreshByReconnecting(page);
  const notice = page.getByRole('status').filter({ hasText: 'Showing your saved list.' });
  await notice.waitFor(ROWS_WAIT);
  expect(await notice.textContent()).toMatch(/ListenBrainz needs a short break/);
  expect(await listItems(page).count()).toBe(40);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${journey.stack.url}/login`);
  const session = await page.request.get(`${journey.stack.url}/api/source/session`, {
    headers: { apikey: 'heavy-rotation-public-anon-key' },
  });
  expect(session.status()).toBe(401);
  await context.close();
});
