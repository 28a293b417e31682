import { afterEach, expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, signIn, useJourney } from './harness.ts';
import { ARTISTS_KEY, emulator, listItems, ROWS_WAIT, signInToList } from './top40-helpers.ts';

const journey = useJourney();

afterEach(async () => {
  await emulator.clearFaults(journey.stack.emulatorUrl);
});

test('with the provider down an old saved list is still shown', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/status of 503/);
  await signInToList(page, journey.stack.url);
  await page.evaluate((key) => {
    const entry = JSON.parse(localStorage.getItem(key) ?? '{}') as { timestamp: number };
    entry.timestamp -= 3 * 60 * 60 * 1000;
    localStorage.setItem(key, JSON.stringify(entry));
    localStorage.setItem('welcome_shown', 'true');
  }, ARTISTS_KEY);
  await emulator.fault(journey.stack.emulatorUrl, {
    method: 'GET',
    path: '/v1/me/top/artists',
    status: 503,
    times: -1,
  });
  await page.reload();
  await expect.poll(() => listItems(page).count(), { timeout: 15_000 }).toBe(40);
  await context.close();
});

test('a listener with 12 top artists gets the fewer-than-40 text', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToList(page, journey.stack.url, 'Casual Listener', 12);
  const text =
    "These are all your top 12 artists in the past month. Once you've listened to more tunes, come back to see your full top 40.";
  expect(await page.getByText(text).count()).toBe(1);
  await context.close();
});

test('a listener with no top artists sees No artists found and can try again', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signIn(page, journey.stack.url, 'New Listener');
  await page.waitForURL(`${journey.stack.url}/`);
  await page.getByRole('alert').filter({ hasText: 'No artists found' }).waitFor();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.getByRole('alert').filter({ hasText: 'No artists found' }).waitFor();
  await page.screenshot({ path: '/tmp/shots/top40-empty.png' });
  await context.close();
});

test('a listener not on the allow list is told so and pointed to the signup', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/status of 403/);
  await signIn(page, journey.stack.url, 'Guest Listener');
  await page.waitForURL(`${journey.stack.url}/`);
  await page.getByText("Your account isn't on the guest list yet").waitFor();
  expect(await page.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/signup');
  await page.screenshot({ path: '/tmp/shots/top40-guest.png' });
  await context.close();
});

test('a long rate limit without a saved list says when to come back', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/status of 429/);
  await emulator.fault(journey.stack.emulatorUrl, {
    method: 'GET',
    path: '/v1/me/top/artists',
    retryAfter: 600,
    times: -1,
  });
  await signIn(page, journey.stack.url, 'Demo Listener');
  await page.waitForURL(`${journey.stack.url}/`);
  await page.getByText(/Come back in about 10 minutes/).waitFor();
  await context.close();
});

test('one load of the list makes one provider call', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToList(page, journey.stack.url);
  await page.evaluate((key) => {
    localStorage.removeItem(key);
    localStorage.setItem('welcome_shown', 'true');
  }, ARTISTS_KEY);
  await emulator.clearRequests(journey.stack.emulatorUrl);
  await page.reload();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  expect(await emulator.topArtistsCalls(journey.stack.emulatorUrl)).toBe(1);
  await context.close();
});
