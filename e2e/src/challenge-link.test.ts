import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { demoTop40, openWithSavedProgress, shot, signInToTop40, skipWelcome } from './quiz-helpers.ts';

const journey = useJourney();
const names = demoTop40();
// Ranks 4-6 are open; the friend will guess ranks 1 and 2.
const GUESSED = new Set([0, 1]);
const OPEN = new Set([3, 4, 5]);
const lockedNames = names.filter((_, i) => !GUESSED.has(i) && !OPEN.has(i));

const DIST = new URL('../../apps/web/dist', import.meta.url);

/**
 * Whether a body is one of the build's own files, byte for byte: the same for every visitor, so it cannot
 * carry anyone's list (the service worker fetches them all; one holds the built-in success lines).
 */
async function buildFile(url: string, text: string): Promise<boolean> {
  const path = new URL(url).pathname;
  if (!path.startsWith('/assets/')) return false;
  const built = await readFile(new URL(`.${path}`, `${DIST.href}/`), 'utf8').catch(() => undefined);
  return built === text;
}

/** A screenshot once the sheet's slide and every other transition have finished. */
async function settledShot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await shot(page, name);
}

async function axe(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id);
}

async function openChallengeDialog(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Challenge a friend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Challenge a friend' });
  await dialog.waitFor();
  return dialog;
}

test('a listener sends a link; a friend with no account plays it and sees nothing locked; the listener sees the score and stops it', async () => {
  const { stack, browser } = journey;
  // The listener.
  const listener = await newPhonePage(browser);
  await skipWelcome(listener.context);
  // Headless Chromium has no Web Share API: a stand-in records what the page would share.
  await listener.context.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data) });
  });
  await signInToTop40(listener.page, stack.url);
  let dialog = await openChallengeDialog(listener.page);
  expect(
    await dialog
      .getByText(
        'Anyone with the link can guess your top 40. They see only the artists they guess, and your name only if you add one.',
      )
      .isVisible(),
  ).toBe(true);
  await dialog.getByLabel('Your name on the challenge (optional)').fill('Sam');
  await settledShot(listener.page, 'challenge-create');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByLabel('Your challenge link');
  await linkField.waitFor();
  const url = await linkField.inputValue();
  expect(url).toMatch(new RegExp(`^${stack.url}/c/[A-Za-z0-9_-]{22}$`));
  for (const name of ['Copy link', 'Stop sharing']) {
    expect(await dialog.getByRole('button', { name }).isVisible()).toBe(true);
  }
  await expect.poll(() => dialog.getByText('No friend has played yet.').isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  expect(await listener.page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
    { title: 'Can you guess my top 40?', url },
  ]);
  await settledShot(listener.page, 'challenge-link');
  expect(await axe(listener.page)).toEqual([]);
  await listener.page.keyboard.press('Escape');

  // The link's own page head, for previews: the listener's name, our own image, no artist.
  const preview = await (await fetch(url)).text();
  expect(preview).toContain('<title>Can you guess Sam&#39;s top 40?</title>');
  expect(preview).toContain(`<meta property="og:image" content="${stack.url}/challenge-image.jpg" />`);

  // The friend: another browser profile, no account. Every body it receives is kept for the scan.
  const friend = await newPhonePage(browser);
  const bodies: { url: string; text: string }[] = [];
  friend.page.on('response', async (res) => {
    const body = await res.body().catch(() => undefined);
    if (body) bodies.push({ url: res.url(), text: body.toString('utf8') });
  });
  await friend.page.goto(url);
  const heading = friend.page.getByRole('heading', { level: 1 });
  await expect.poll(() => heading.textContent()).toBe("Guess Sam's top 40");
  expect(await friend.page.title()).toBe("Guess Sam's top 40");
  for (const rank of [4, 5, 6]) {
    expect(await friend.page.getByText(names[rank - 1] ?? '', { exact: true }).isVisible()).toBe(true);
  }
  expect(
    await friend.page.getByRole('button', { name: 'Locked artist, rank 1', exact: true }).isVisible(),
  ).toBe(true);
  expect(await friend.page.getByText('0 of 37 found').isVisible()).toBe(true);
  await shot(friend.page, 'challenge-play');
  expect(await axe(friend.page)).toEqual([]);

  // Right (with a typo), right, wrong, and one of the shown ranks.
  const field = friend.page.getByLabel('Guess an artist');
  const status = friend.page.getByRole('status').filter({ hasText: /./ });
  const guess = async (text: string, answer: string) => {
    await field.fill(text);
    await field.press('Enter');
    await expect.poll(() => status.first().textContent()).toBe(answer);
  };
  await guess('beyonse', 'Yes! Beyoncé is #1.');
  await guess('weeknd', 'Yes! The Weeknd is #2.');
  await guess('Madonna', "Not in Sam's top 40.");
  await guess('pink', 'Already found: P!nk is #4.');
  expect(await friend.page.getByText('2 of 37 found').isVisible()).toBe(true);
  expect(await friend.page.getByText('Not in the list:').isVisible()).toBe(true);
  await shot(friend.page, 'challenge-guesses');

  // Progress stays on the friend's device.
  await friend.page.reload();
  await expect.poll(() => friend.page.getByText('2 of 37 found').isVisible()).toBe(true);

  await friend.page.getByRole('button', { name: 'I give up' }).click();
  const result = friend.page.getByRole('heading', { name: "You guessed 2 of Sam's top 40" });
  await result.waitFor();
  expect(
    await friend.page
      .getByText("I guessed 2 of Sam's top 40 on Heavy Rotation – can you beat me?", { exact: true })
      .isVisible(),
  ).toBe(true);
  expect(
    await friend.page.getByRole('link', { name: 'Make your own', exact: true }).getAttribute('href'),
  ).toBe('/login');
  await friend.page.getByLabel('Your name (optional)').fill('Robin');
  await friend.page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => friend.page.getByText('Your name is with your score.').isVisible()).toBe(true);
  await shot(friend.page, 'challenge-result');
  expect(await axe(friend.page)).toEqual([]);

  // Nothing locked reached the friend: not in any body received, the accessibility tree or the title.
  const tree = await friend.page.locator('body').ariaSnapshot();
  const title = await friend.page.title();
  const dynamic: typeof bodies = [];
  for (const b of bodies) if (!(await buildFile(b.url, b.text))) dynamic.push(b);
  // The page, the configuration, every API answer and image came from this challenge: all are scanned.
  expect(dynamic.some((b) => b.url.includes('/api/challenges/'))).toBe(true);
  const leaks = lockedNames.flatMap((name) => [
    ...dynamic.filter((b) => b.text.includes(name)).map((b) => `${name} in ${b.url}`),
    ...(tree.includes(name) ? [`${name} in the accessibility tree`] : []),
    ...(title.includes(name) ? [`${name} in the title`] : []),
  ]);
  expect(bodies.length).toBeGreaterThan(10);
  expect(leaks).toEqual([]);

  // The listener sees the score, from the celebration of a finished quiz as from the menu.
  await openWithSavedProgress(
    listener.page,
    stack.url,
    names.map((_, i) => i),
  );
  await listener.page.getByRole('button', { name: 'Challenge a friend' }).click();
  dialog = listener.page.getByRole('dialog', { name: 'Challenge a friend' });
  await expect.poll(() => dialog.getByText('1 friend played · best 2 of 40').isVisible()).toBe(true);
  expect(await dialog.getByRole('listitem').first().textContent()).toBe('Robin2 of 40');
  await settledShot(listener.page, 'challenge-results');

  // Stop sharing ends it for the friend, with a way to make their own.
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect.poll(() => dialog.getByRole('button', { name: 'Create link' }).isVisible()).toBe(true);
  // The ended link's page and API answer 404, which the browser reports.
  expectConsoleError(/status of 404 .*\/(c|api\/challenges)\/[\w-]{22}\)$/);
  await friend.page.goto(url);
  await friend.page.getByRole('heading', { name: 'This challenge has ended' }).waitFor();
  expect(await friend.page.title()).toBe('This challenge has ended');
  expect(await friend.page.getByRole('link', { name: 'Make your own' }).isVisible()).toBe(true);
  await shot(friend.page, 'challenge-ended');
  expect(await axe(friend.page)).toEqual([]);
  await friend.context.close();

  // A new link, then "Reset app": this device forgets it.
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await dialog.getByLabel('Your challenge link').waitFor();
  await listener.page.keyboard.press('Escape');
  await listener.page.goto(stack.url);
  await listener.page.getByRole('button', { name: 'Menu' }).click();
  await listener.page.getByRole('menuitem', { name: 'Reset app' }).click();
  await listener.page.getByRole('button', { name: 'Yes, reset' }).click();
  await listener.page.waitForURL(`${stack.url}/login`);
  expect(await listener.page.evaluate(() => localStorage.getItem('challenge_link'))).toBeNull();
  await listener.context.close();
});

test('the link preview names the listener and no artist', async () => {
  const page = await fetch(`${journey.stack.url}/c/${'x'.repeat(22)}`);
  expect(page.status).toBe(404);
  const html = await page.text();
  expect(html).toContain('<title>This challenge has ended</title>');
  const image = await fetch(`${journey.stack.url}/challenge-image.jpg`);
  expect(image.headers.get('content-type')).toBe('image/jpeg');
});

test("a friend's link asks for its screen's code with the app's entry, like the route table's pages", async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // An unknown link: its page answers 404, which the browser reports; the screen's code is the same.
  expectConsoleError(/status of 404/);
  const order: string[] = [];
  page.on('request', (request) => {
    if (/^\/assets\/quiz-[\w-]+\.js$/.test(new URL(request.url()).pathname)) order.push('screen');
  });
  page.on('requestfinished', (request) => {
    if (/^\/assets\/index-[\w-]+\.js$/.test(new URL(request.url()).pathname)) order.push('entry');
  });
  // The entry held back: the app itself asks for a screen's chunk only once it runs.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${journey.stack.url}/c/${'x'.repeat(22)}`);
  await page.getByRole('heading', { name: 'This challenge has ended' }).waitFor();
  expect(order[0]).toBe('screen');
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded.some((path) => /^\/assets\/quiz-[\w-]+\.js$/.test(path))).toBe(true);
  await context.close();
});
