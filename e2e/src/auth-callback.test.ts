import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPhonePage, startTestStack, type TestStack } from './harness.ts';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('a callback with the wrong state shows the message, then goes to /login', async () => {
  const { context, page, errors } = await newPhonePage(browser);
  await page.goto(`${stack.url}/login`);
  await page.getByRole('link', { name: /Connect Spotify/ }).waitFor();
  await page.goto(`${stack.url}/callback?code=abc&state=not-the-stored-state`);
  const alert = page.getByRole('alert');
  expect(await alert.textContent()).toBe("There was an issue connecting to Spotify. Let's try that again.");
  expect(await page.getByText('Redirecting to login...').isVisible()).toBe(true);
  await page.waitForURL(`${stack.url}/login`, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('spotify_access_token'))).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});

test('cancelling at the provider comes back to /login with a message', async () => {
  const { context, page, errors } = await newPhonePage(browser);
  await page.goto(`${stack.url}/login`);
  await page.getByRole('link', { name: /Connect Spotify/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  errors.length = 0;
  await page.waitForURL(/\/callback\?.*error=access_denied/);
  expect(await page.getByRole('alert').textContent()).toMatch(/cancelled connecting to Spotify/);
  await page.waitForURL(`${stack.url}/login`, { timeout: 10_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-out visitor to / is sent to /login and unknown paths go to /', async () => {
  const { context, page } = await newPhonePage(browser);
  await page.goto(`${stack.url}/no/such/page`);
  await page.waitForURL(`${stack.url}/login`);
  await context.close();
});
