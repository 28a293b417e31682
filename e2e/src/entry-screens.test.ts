import AxeBuilder from '@axe-core/playwright';
import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, PHONE, useJourney } from './harness.ts';
import { shot } from './quiz-helpers.ts';

const journey = useJourney();

test('the login screen links to Spotify and explains why in a sheet that opens and closes', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await page.goto(`${journey.stack.url}/login`);
  // A link (and a tab stop) from the page itself; its address once the app has made it.
  const connect = page.getByRole('link', { name: 'Connect Spotify' }).and(page.locator('[href]'));
  await connect.waitFor();
  const href = new URL((await connect.getAttribute('href')) ?? '');
  expect(href.origin).toBe(journey.stack.emulatorUrl);
  expect(href.pathname).toBe('/authorize');
  expect(href.searchParams.get('scope')).toBe('user-top-read');
  expect(await page.getByText('Note: for best experience, use on mobile').isVisible()).toBe(false);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.waitForTimeout(900); // the background starts 750 ms after the screen
  await shot(page, 'entry-login');

  await page.getByRole('button', { name: 'Why connect Spotify?' }).click();
  const sheet = page.getByRole('dialog', { name: 'Why connect Spotify?' });
  await sheet.waitFor();
  expect(await sheet.textContent()).toContain('Nothing in your Spotify account changes');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await shot(page, 'entry-login-sheet');
  await sheet.getByRole('button', { name: 'Got it' }).click();
  await sheet.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Why connect Spotify?' }).click();
  await sheet.waitFor();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await sheet.waitFor({ state: 'hidden' });
  await context.close();
});

test('the landing screens are drawn from the page itself, before any script, then come alive in place', async () => {
  // Without JavaScript: what the first frame shows.
  const still = await journey.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const bare = await still.newPage();
  await bare.goto(`${journey.stack.url}/login`);
  expect(await bare.getByRole('heading', { name: 'Heavy Rotation' }).isVisible()).toBe(true);
  expect(await bare.getByText('Your top 40 artists of the last four weeks.').isVisible()).toBe(true);
  expect(await bare.getByText('Connect Spotify', { exact: true }).isVisible()).toBe(true);
  // Demo mode has Last.fm: the page the server picked has its button.
  expect(await bare.getByRole('link', { name: 'Continue with Last.fm' }).getAttribute('href')).toBe(
    '/auth/lastfm/start',
  );
  await shot(bare, 'entry-login-before-script');
  await bare.goto(`${journey.stack.url}/signup`);
  expect(await bare.getByLabel('Enter your Spotify account email to get access:').isVisible()).toBe(true);
  // A real form: without the app it posts itself (first-input.test.ts follows it to the server's answer).
  expect(await bare.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
  expect(await bare.locator('form').getAttribute('method')).toBe('post');
  await still.close();

  // With it: no request for the configuration, and React takes over the painted screen, not a copy.
  const { context, page } = await newPhonePage(journey.browser);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      Object.assign(window, { paintedScreen: document.querySelector('main') });
    });
  });
  await page.goto(`${journey.stack.url}/login`);
  const connect = page.getByRole('link', { name: 'Connect Spotify' });
  await expect.poll(() => connect.getAttribute('href')).toMatch(/\/authorize\?/);
  expect(
    await page.evaluate(
      () =>
        document.querySelector('main') === (window as unknown as { paintedScreen?: Element }).paintedScreen,
    ),
  ).toBe(true);
  expect(asked).not.toContain('/app-config.json');
  // A Last.fm refusal in the address shows once the page runs.
  await page.goto(`${journey.stack.url}/login?source=lastfm&error=cancelled`);
  await page.getByRole('alert').getByText('You cancelled connecting to Last.fm.').waitFor();
  await context.close();
});

test("the landing screen's code is asked for only once its wordmark is on screen", async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const order: string[] = [];
  // A slow wordmark: the text paints first, and the screen is whole only once the image is there.
  await page.route('**/wordmark.svg', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/wordmark.svg') order.push('wordmark');
  });
  page.on('request', (request) => {
    if (/^\/assets\/index-[\w-]+\.js$/.test(new URL(request.url()).pathname)) order.push('entry');
  });
  await page.goto(`${journey.stack.url}/signup`);
  await expect.poll(() => order.includes('entry'), { timeout: 5000 }).toBe(true);
  expect(order.slice(0, 2)).toEqual(['wordmark', 'entry']);
  // And the screen still comes alive.
  await page.getByLabel('Enter your Spotify account email to get access:').fill('fan@example.com');
  await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
  await context.close();
});

test('on a desktop the login screen says the app is best on a phone', async () => {
  const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${journey.stack.url}/login`);
  await page.getByText('Note: for best experience, use on mobile').waitFor();
  await page.waitForTimeout(900);
  await page.screenshot({ path: '/tmp/shots/entry-login-desktop.png' });
  await context.close();
});

test('signing up for the waitlist: the submit rules, success, and a failure', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/ERR_CONNECTION_REFUSED/);
  await page.goto(`${journey.stack.url}/signup`);
  // The rules are the app's: until it has taken the page over, the form posts itself (first-input.test.ts).
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
  const email = page.getByLabel('Enter your Spotify account email to get access:');
  const submit = page.getByRole('button', { name: 'Submit' });
  expect(await email.getAttribute('placeholder')).toBe('Your Spotify email address');
  expect(await submit.isDisabled()).toBe(true);
  await email.fill('   ');
  expect(await submit.isDisabled()).toBe(true);
  await email.fill('listener.example.com');
  expect(await submit.isDisabled()).toBe(true);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await email.fill('  listener@example.com ');
  await submit.click();
  await page.getByText('Thank you for signing up!').waitFor();
  expect(await email.inputValue()).toBe('');
  await shot(page, 'entry-signup-success');

  // The network drops the next submission.
  await page.route(`${journey.stack.url}/`, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await email.fill('second@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }).waitFor();
  expect(await email.inputValue()).toBe('second@example.com');

  await page.getByRole('button', { name: 'What is this?' }).click();
  const sheet = page.getByRole('dialog', { name: 'What is this?' });
  await sheet.waitFor();
  expect(await sheet.textContent()).toContain('signups are limited');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await shot(page, 'entry-signup-sheet');
  await sheet.getByRole('button', { name: 'Got it' }).click();
  await sheet.waitFor({ state: 'hidden' });
  await context.close();
});
