import AxeBuilder from '@axe-core/playwright';
import { LANGUAGE_NAMES } from '@heavy-rotation/contracts/languages';
import type { Browser, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectConsoleError, PHONE, useJourney } from './harness.ts';
import {
  englishLeft,
  expectAllFromCatalog,
  expectNoEnglish,
  OTHER_LANGUAGES,
  PSEUDO,
  text,
} from './language-helpers.ts';
import { demoTop40, shot } from './quiz-helpers.ts';
import { ROWS_WAIT } from './top40-helpers.ts';

/** Every language's walk through the app (docs/languages.md, "The checks"). */
const journey = useJourney();
const SMALL = { width: 320, height: 568 };
const top40 = demoTop40();

/** A phone whose browser speaks `language` (its `navigator.languages` and `Accept-Language`). */
async function phoneIn(browser: Browser, language: string, cookie?: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    hasTouch: true,
    locale: language,
    extraHTTPHeaders: { 'Accept-Language': `${language},en;q=0.5` },
  });
  if (cookie) {
    const { hostname } = new URL(journey.stack.url);
    await context.addCookies([{ name: 'hr_lang', value: cookie, domain: hostname, path: '/' }]);
  }
  return { context, page: await context.newPage() };
}

/** The screen as a phone shows it, at 390x844 and at 320x568, with no text of the English catalog. */
async function look(page: Page, language: string, where: string): Promise<void> {
  await expectNoEnglish(page, language, where);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help}`),
    `axe on ${where} in ${language}`,
  ).toEqual([]);
  await shot(page, `lang-${language}-${where}`);
  await page.setViewportSize(SMALL);
  // Nothing runs off the side of a small phone.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${where} fits 320 px`,
  ).toBe(true);
  await shot(page, `lang-${language}-${where}-320`);
  await page.setViewportSize(PHONE);
}

test.each(OTHER_LANGUAGES)(
  '%s: sign-in, the Top 40, the share view, the phone sheet, the quiz and a friend’s challenge, with no English left',
  async (language) => {
    // No profile row yet answers 406 when the phone sheet asks for the number it has.
    expectConsoleError(/status of 406/);
    const { context, page } = await phoneIn(journey.browser, language);
    await page.goto(`${journey.stack.url}/login`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    const connect = page.getByRole('link', { name: text(language, 'landing.login.connectSpotify') });
    await connect.waitFor();
    await look(page, language, 'login');

    // The waitlist and the exports' page.
    await page.goto(`${journey.stack.url}/signup`);
    await page.locator('main form').waitFor();
    await look(page, language, 'signup');
    await page.goto(`${journey.stack.url}/upload`);
    await page.locator('main input[type="file"]').first().waitFor({ state: 'attached' });
    await look(page, language, 'upload');
    await page.goto(`${journey.stack.url}/login`);

    // Spotify's page is Spotify's (the emulator's): not ours to translate.
    await connect.click();
    await page.getByRole('button', { name: 'Log in as Demo Listener' }).click();
    await page.waitForURL(`${journey.stack.url}/`);

    // The welcome, in the language, from the server.
    const skip = page.getByRole('button', { name: text(language, 'messages.welcome.skip') });
    await skip.waitFor(ROWS_WAIT);
    await look(page, language, 'welcome');
    await skip.click();

    const rows = page.getByRole('list', { name: text(language, 'top40.listLabel') }).getByRole('listitem');
    await expect.poll(() => rows.count(), ROWS_WAIT).toBe(40);
    await look(page, language, 'top40');

    // The share view of rank 4.
    await rows.nth(3).getByRole('button').click();
    const view = page.getByRole('dialog').filter({ hasText: top40[3] ?? '' });
    await view.getByText(text(language, 'artist.rank', { rank: 4 })).waitFor(ROWS_WAIT);
    await look(page, language, 'share');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // The phone sheet on the way to the quiz.
    await page.getByRole('button', { name: text(language, 'top40.quizButton') }).click();
    const sheet = page.getByRole('dialog', { name: text(language, 'phone.title') });
    await sheet.waitFor();
    await look(page, language, 'phone');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The quiz and a hint sheet.
    await page.goto(`${journey.stack.url}/quiz`);
    await page.getByLabel(text(language, 'quiz.guessLabel')).waitFor(ROWS_WAIT);
    await page
      .getByRole('button', { name: text(language, 'top40.lockedRow', { rank: 1 }), exact: true })
      .click();
    const hints = page.getByRole('dialog', { name: text(language, 'quiz.hintTitle', { rank: 1 }) });
    await hints.waitFor();
    await look(page, language, 'quiz-hints');
    await page.keyboard.press('Escape');
    await hints.waitFor({ state: 'detached' });

    // A challenge link, opened by a friend whose phone speaks the next language.
    await page.goto(`${journey.stack.url}/`);
    await page.getByRole('button', { name: text(language, 'common.menu') }).click();
    await page.getByRole('menuitem', { name: text(language, 'top40.challengeFriend') }).click();
    const dialog = page.getByRole('dialog', { name: text(language, 'challenge.dialogTitle') });
    await dialog.getByRole('button', { name: text(language, 'challenge.createLink') }).click();
    const field = dialog.getByLabel(text(language, 'challenge.linkLabel'));
    await field.waitFor();
    await look(page, language, 'challenge-link');
    const url = await field.inputValue();

    const other = OTHER_LANGUAGES[(OTHER_LANGUAGES.indexOf(language) + 1) % OTHER_LANGUAGES.length] ?? 'de';
    const friend = await phoneIn(journey.browser, other);
    await friend.page.goto(url);
    expect(await friend.page.evaluate(() => document.documentElement.lang)).toBe(other);
    await friend.page.getByLabel(text(other, 'quiz.guessLabel')).waitFor(ROWS_WAIT);
    await look(friend.page, other, `challenge-friend-from-${language}`);
    await friend.context.close();
    await context.close();
  },
);

test('a language chosen on /login is kept: the page comes again in it, and so does the next visit', async () => {
  const { context, page } = await phoneIn(journey.browser, 'en');
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Connect Spotify' }).and(page.locator('[href]')).waitFor();
  await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('de')]);
  await page.getByRole('link', { name: text('de', 'landing.login.connectSpotify') }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  await expectNoEnglish(page, 'de', 'login after choosing');
  // The browser still asks for English; the choice wins, on the server's page too.
  const again = await context.newPage();
  const answer = await again.goto(`${journey.stack.url}/signup`);
  expect(answer?.headers()['content-language']).toBe('de');
  expect(await again.evaluate(() => document.documentElement.lang)).toBe('de');
  expect(await again.getByLabel(text('de', 'page.language')).inputValue()).toBe('de');
  await context.close();
});

test('the check for English finds it: an English page fails it in every other language', async () => {
  const { context, page } = await phoneIn(journey.browser, 'en');
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Connect Spotify' }).waitFor();
  for (const language of OTHER_LANGUAGES) {
    expect(await englishLeft(page, language)).toContain('landing.login.connectSpotify: Connect Spotify');
  }
  await context.close();
});

test('the pseudo-language shows no text that is not from a catalog', async () => {
  const { context, page } = await phoneIn(journey.browser, 'en', PSEUDO);
  await context.addInitScript(() => {
    if (location.protocol.startsWith('http')) localStorage.setItem('welcome_shown', 'true');
  });
  // The product's name, the artists and the languages' own names are data, not texts to translate.
  const data = ['Heavy Rotation', PSEUDO, ...Object.values(LANGUAGE_NAMES), ...top40];
  await page.goto(`${journey.stack.url}/login`);
  await page.locator('main').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO);
  await expectAllFromCatalog(page, 'login', data);
  await shot(page, 'lang-pseudo-login');
  await page.goto(`${journey.stack.url}/signup`);
  await page.locator('main form').waitFor();
  await expectAllFromCatalog(page, 'signup', data);
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: /⟦/ }).first().click();
  await page.getByRole('button', { name: 'Log in as Demo Listener' }).click();
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => page.getByRole('list').first().getByRole('listitem').count(), ROWS_WAIT).toBe(40);
  await expectAllFromCatalog(page, 'top40', data);
  await shot(page, 'lang-pseudo-top40');
  await page.goto(`${journey.stack.url}/quiz`);
  await page.getByRole('textbox').first().waitFor(ROWS_WAIT);
  await expectAllFromCatalog(page, 'quiz', data);
  await shot(page, 'lang-pseudo-quiz');
  await context.close();
});
