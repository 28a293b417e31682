import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import {
  ARTISTS_KEY,
  emulator,
  listItems,
  ROWS_WAIT,
  SIGN_IN_KEYS,
  signInToList,
  storedKeys,
} from './top40-helpers.ts';

const journey = useJourney();

afterEach(async () => {
  await emulator.clearFaults(journey.stack.emulatorUrl);
});

/** Makes the next load go to the provider, with the token about to expire by the app's clock. */
function expireSoonAndDropCache(page: Page): Promise<void> {
  return page.evaluate((key) => {
    localStorage.setItem('spotify_token_expiry', String(Date.now() + 60_000));
    localStorage.setItem('welcome_shown', 'true');
    localStorage.removeItem(key);
  }, ARTISTS_KEY);
}

test('an access token that expires mid-session is refreshed exactly once', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // The browser itself logs the provider's 401 as a failed resource; the app logs nothing.
  expectConsoleError(/^Failed to load resource/);
  await signInToList(page, journey.stack.url);
  await page.evaluate((key) => {
    localStorage.setItem('welcome_shown', 'true');
    localStorage.removeItem(key);
  }, ARTISTS_KEY);
  // The provider's clock moves past the token's life; the app still believes it is valid.
  await emulator.advanceClock(journey.stack.emulatorUrl, 3700);
  await emulator.clearRequests(journey.stack.emulatorUrl);
  await page.reload();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  expect(await emulator.refreshCount(journey.stack.emulatorUrl)).toBe(1);
  await context.close();
});

test('two tabs reaching expiry together make one token call and both keep working', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToList(page, journey.stack.url);
  const second = await context.newPage();
  // Park both tabs on a same-origin page that runs no app code, so nothing refreshes before the test does.
  await Promise.all([page, second].map((p) => p.goto(`${journey.stack.url}/app-config.json`)));
  await expireSoonAndDropCache(page);
  await emulator.clearRequests(journey.stack.emulatorUrl);
  await Promise.all([page.goto(`${journey.stack.url}/`), second.goto(`${journey.stack.url}/`)]);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await expect.poll(() => listItems(second).count(), ROWS_WAIT).toBe(40);
  expect(await emulator.refreshCount(journey.stack.emulatorUrl)).toBe(1);
  const tokens = await Promise.all(
    [page, second].map((p) => p.evaluate(() => localStorage.getItem('spotify_access_token'))),
  );
  expect(tokens[0]).toBeTruthy();
  expect(tokens[0]).toBe(tokens[1]);
  await context.close();
});

test('a refresh answered invalid_grant signs the listener out cleanly', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // The provider's refusal of the refresh is logged by the browser as a failed resource.
  expectConsoleError(/status of 400/);
  await signInToList(page, journey.stack.url);
  await emulator.fault(journey.stack.emulatorUrl, {
    method: 'POST',
    path: '/api/token',
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Refresh token revoked' },
    times: -1,
  });
  await page.goto(`${journey.stack.url}/app-config.json`);
  await expireSoonAndDropCache(page);
  await emulator.clearRequests(journey.stack.emulatorUrl);
  await page.goto(`${journey.stack.url}/`);
  await page.waitForURL(`${journey.stack.url}/login`);
  const keys = await storedKeys(page);
  for (const key of [...SIGN_IN_KEYS, ARTISTS_KEY, 'welcome_message_cache']) expect(keys).not.toContain(key);
  // Signed out once: no retry storm against the token endpoint, no redirect loop.
  expect(await emulator.refreshCount(journey.stack.emulatorUrl)).toBe(1);
  await page
    .getByRole('link', { name: /Connect Spotify/ })
    .and(page.locator('[href]'))
    .waitFor();
  expect(page.url()).toBe(`${journey.stack.url}/login`);
  await context.close();
});
