import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectConsoleError, PHONE, useJourney } from './harness.ts';
import { signInToList } from './top40-helpers.ts';

// The first tap and the first keystroke on a phone-like browser (docs/architecture.md, "The first
// frame"): the CPU slowed down and a slow 4G network (Lighthouse's mobile profile: 150 ms, 1.6 Mbps
// down, 750 kbps up), the listener acting the moment the control shows, whatever the app's code is
// doing then. Nothing they do may be lost.
const ADMIN_TOKEN = 'first-input-admin-token';
const journey = useJourney({ ADMIN_TOKEN, RATE_LIMIT_WAITLIST_PER_HOUR: '1000' });
const ARRIVES = { timeout: 30_000 };

async function phone(rate: number, options: { javaScript?: boolean } = {}): Promise<BrowserContext> {
  const context = await journey.browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    hasTouch: true,
    javaScriptEnabled: options.javaScript ?? true,
    // A first visit: no service worker serving the files.
    serviceWorkers: 'block',
  });
  context.on('page', (page) => void slowDown(page, rate));
  return context;
}

/** The phone profile, through the Chrome DevTools Protocol. */
async function slowDown(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // The page event's handler runs as the page opens; let its throttling land before the first request.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return page;
}

/** A tap the moment the control is on screen: no waiting for it to be enabled or alive. */
async function tapWhenShown(control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible', ...ARRIVES });
  await control.click({ force: true });
}

/** The waitlist as the operator console reads it. */
async function waitlistEmails(): Promise<string[]> {
  const base = journey.stack.url;
  const session = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Journey' }),
  });
  expect(session.status).toBe(200);
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${base}/api/admin/waitlist?size=100`, { headers: { Cookie: cookie } });
  const page = (await res.json()) as { rows: { email: string }[] };
  return page.rows.map((row) => row.email);
}

describe.each([4, 8])('at %ix CPU slowdown on slow 4G', (rate) => {
  const LOGIN_BUTTONS: [string, (page: Page) => Promise<void>][] = [
    [
      'Connect Spotify',
      async (page) => {
        await page.waitForURL((url) => url.pathname === '/authorize', ARRIVES);
        await page.getByRole('button', { name: 'Log in as Demo Listener' }).waitFor(ARRIVES);
      },
    ],
    [
      'Upload your Spotify data',
      (page) => page.getByRole('heading', { name: 'Upload your Spotify data' }).waitFor(ARRIVES),
    ],
    [
      'Continue with Last.fm',
      (page) => page.getByRole('button', { name: /^Log in as / }).first().waitFor(ARRIVES),
    ],
    [
      'Continue with ListenBrainz',
      (page) => page.getByRole('heading', { name: 'Continue with ListenBrainz' }).waitFor(ARRIVES),
    ],
  ];

  for (const [name, arrived] of LOGIN_BUTTONS) {
    test(`/login: "${name}" tapped as soon as it shows reaches its destination`, async () => {
      const context = await phone(rate);
      const page = await throttledPage(context);
      await page.goto(`${journey.stack.url}/login`, { waitUntil: 'commit' });
      await tapWhenShown(page.getByText(name, { exact: true }));
      await arrived(page);
      await context.close();
    });
  }

  test('/signup: an email typed as soon as the field shows is submitted and reaches the waitlist', async () => {
    const context = await phone(rate);
    const page = await throttledPage(context);
    const email = `first-keys-${rate}x@example.com`;
    await page.goto(`${journey.stack.url}/signup`, { waitUntil: 'commit' });
    const field = page.getByLabel('Enter your Spotify account email to get access:');
    await field.waitFor({ state: 'visible', ...ARRIVES });
    await field.fill(email);
    await page.getByRole('button', { name: 'Submit' }).click(ARRIVES);
    await page.getByText('Thank you for signing up!').waitFor(ARRIVES);
    expect(await waitlistEmails()).toContain(email);
    await context.close();
  });

  test("the signed-in Top 40's quiz button tapped on the saved first frame reaches the quiz or the phone sheet", async () => {
    // The quiz button first reads the listener's profile: none yet answers 406 (PGRST116).
    expectConsoleError(/status of 406/);
    const signedIn = await journey.browser.newContext({ viewport: PHONE });
    const first = await signedIn.newPage();
    await signInToList(first, journey.stack.url);
    await first.evaluate(() => localStorage.setItem('welcome_shown', 'true'));
    const storageState = await signedIn.storageState();
    await signedIn.close();

    const context = await journey.browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      storageState,
      serviceWorkers: 'block',
    });
    context.on('page', (page) => void slowDown(page, rate));
    const page = await throttledPage(context);
    await page.goto(`${journey.stack.url}/`, { waitUntil: 'commit' });
    await tapWhenShown(page.getByRole('button', { name: 'Unlock the rest - take quiz' }));
    await expect
      .poll(
        async () => new URL(page.url()).pathname === '/quiz' || (await page.getByRole('dialog').count()) > 0,
        ARRIVES,
      )
      .toBe(true);
    await context.close();
  });

  test('/signup without JavaScript: the form posts and the page says so', async () => {
    const context = await phone(rate, { javaScript: false });
    const page = await throttledPage(context);
    const email = `no-script-${rate}x@example.com`;
    await page.goto(`${journey.stack.url}/signup`);
    await page.getByLabel('Enter your Spotify account email to get access:').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click(ARRIVES);
    await page.getByText('Thank you for signing up!').waitFor(ARRIVES);
    expect(await waitlistEmails()).toContain(email);
    // Not an address: the spec's error text, the form still there to try again.
    await page.goto(`${journey.stack.url}/signup`);
    await page.getByLabel('Enter your Spotify account email to get access:').fill('not an address');
    await page.getByRole('button', { name: 'Submit' }).click(ARRIVES);
    await page.getByText('Something went wrong. Please try again.').waitFor(ARRIVES);
    expect(await page.getByLabel('Enter your Spotify account email to get access:').isVisible()).toBe(true);
    await context.close();
  });
});
