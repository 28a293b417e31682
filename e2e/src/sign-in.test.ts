import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPhonePage, signIn, startTestStack, type TestStack } from './harness.ts';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

test('a listener signs in through the emulator and sees their top 40', async () => {
  const { context, page } = await newPhonePage(browser);
  await signIn(page, stack.url);
  await page.waitForURL(`${stack.url}/`);
  await expect.poll(() => page.getByRole('listitem').count()).toBe(40);
  expect(await page.screenshot()).toBeTruthy();
  await context.close();
});
