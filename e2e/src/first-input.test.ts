import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { PHONE, useJourney } from './harness.ts';
import { AS_LONG_AS_IT_TAKES, eachRate, slowDown, THROTTLED_TEST_MS } from './throttle.ts';

// The first tap and the first keystroke on a phone-like browser (docs/architecture.md, "The first
// frame"): the CPU slowed down and a slow 4G network (Lighthouse's mobile profile: 150 ms, 1.6 Mbps
// down, 750 kbps up), the listener acting the moment the control shows, whatever the app's code is
// doing then. Nothing they do may be lost.
const ADMIN_TOKEN = 'first-input-admin-token';
const journey = useJourney({ ADMIN_TOKEN, RATE_LIMIT_WAITLIST_PER_HOUR: '1000' });
const ARRIVES = AS_LONG_AS_IT_TAKES;

/** A first visit (no service worker serving the files) on the phone profile at `rate`. */
async function phone(rate: number, options: { javaScript?: boolean } = {}) {
  const context = await journey.browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1,
    hasTouch: true,
    javaScriptEnabled: options.javaScript ?? true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await slowDown(page, rate);
  return { context, page };
}

/** A tap the moment the control is on screen: no waiting for it to be enabled or alive. */
async function tapWhenShown(control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible', ...ARRIVES });
  await control.click({ force: true });
}

/** Holds back the page's files matching `pattern` until the returned release is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The console's sign-in: ADMIN_TOKEN makes the first operator once, whose session is kept for every case. */
let operatorCookie: Promise<string> | undefined;
function consoleCookie(base: string): Promise<string> {
  operatorCookie ??= (async () => {
    const session = await fetch(`${base}/api/admin/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Journey' }),
    });
    expect(session.status).toBe(200);
    return (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  })();
  return operatorCookie;
}

/** The waitlist as the operator console reads it. */
async function waitlistEmails(): Promise<string[]> {
  const base = journey.stack.url;
  const cookie = await consoleCookie(base);
  const res = await fetch(`${base}/api/admin/waitlist?size=100`, { headers: { Cookie: cookie } });
  const page = (await res.json()) as { rows: { email: string }[] };
  return page.rows.map((row) => row.email);
}

const LOGIN_BUTTONS: [string, (page: Page) => Promise<unknown>][] = [
  [
    'Connect Spotify',
    async (page) => {
      await page.waitForURL((url) => url.pathname === '/authorize', ARRIVES);
      await page.getByRole('button', { name: 'Log in as Demo Listener' }).waitFor(ARRIVES);
    },
  ],
  [
    'Upload your Spotify data',
    (page) => page.getByRole('heading', { name: 'Upload your listening history' }).waitFor(ARRIVES),
  ],
  [
    'Continue with Last.fm',
    (page) =>
      page
        .getByRole('button', { name: /^Log in as / })
        .first()
        .waitFor(ARRIVES),
  ],
  [
    'Continue with ListenBrainz',
    (page) => page.getByRole('heading', { name: 'Continue with ListenBrainz' }).waitFor(ARRIVES),
  ],
];

test(
  'each of the four /login buttons, tapped the moment it shows, reaches its destination',
  async () => {
    await eachRate(
      LOGIN_BUTTONS.map(([name]) => name),
      async (rate, name) => {
        const { context, page } = await phone(rate);
        try {
          await page.goto(`${journey.stack.url}/login`, { waitUntil: 'commit' });
          await tapWhenShown(page.getByText(name, { exact: true }));
          await LOGIN_BUTTONS.find(([button]) => button === name)?.[1](page);
        } finally {
          await context.close();
        }
      },
    );
  },
  THROTTLED_TEST_MS,
);

test(
  '/signup: an email typed the moment the field shows is submitted, accepted and on the waitlist; and without JavaScript',
  async () => {
    await eachRate(['with the app', 'without JavaScript'], async (rate, how) => {
      const javaScript = how === 'with the app';
      const { context, page } = await phone(rate, { javaScript });
      try {
        const email = `first-keys-${rate}x-${javaScript ? 'app' : 'no-script'}@example.com`;
        await page.goto(`${journey.stack.url}/signup`, { waitUntil: 'commit' });
        const field = page.getByLabel('Enter your Spotify account email to get access:');
        await field.waitFor({ state: 'visible', ...ARRIVES });
        await field.fill(email);
        await page.getByRole('button', { name: 'Submit' }).click(ARRIVES);
        await page.getByText('Thank you for signing up!').waitFor(ARRIVES);
        expect(await waitlistEmails()).toContain(email);
        if (javaScript) return;
        // Not an address: the form's error text, and the form again to try once more.
        await page.goto(`${journey.stack.url}/signup`);
        await field.fill('not an address');
        await page.getByRole('button', { name: 'Submit' }).click(ARRIVES);
        await page.getByRole('alert').getByText('Something went wrong. Please try again.').waitFor(ARRIVES);
        expect(await field.isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    });
  },
  THROTTLED_TEST_MS,
);

test(
  '/login by keyboard: Tab to "Connect Spotify" and Enter the moment it shows reaches Spotify',
  async () => {
    await eachRate(['before the app', 'whenever'], async (rate, when) => {
      const { context, page } = await phone(rate);
      let release: () => void = () => undefined;
      try {
        // Before the app: its entry held back until the key is pressed, so the page itself must keep it.
        if (when === 'before the app') release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
        await page.goto(`${journey.stack.url}/login`, { waitUntil: 'commit' });
        const connect = page.getByText('Connect Spotify', { exact: true });
        await connect.waitFor({ state: 'visible', ...ARRIVES });
        // The first tab stop of the page, whether or not the app's code is here yet.
        await page.keyboard.press('Tab');
        expect(await connect.evaluate((control) => control === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        if (when === 'before the app') {
          await expect
            .poll(() => connect.getAttribute('aria-busy'), { timeout: THROTTLED_TEST_MS })
            .toBe('true');
          release();
        }
        await LOGIN_BUTTONS[0]?.[1](page);
      } finally {
        release();
        await context.close();
      }
    });
  },
  THROTTLED_TEST_MS,
);

test(
  '/login before its early script: no control shows until the page keeps taps; then a tap the moment it shows reaches Spotify',
  async () => {
    await eachRate(['early script late'], async (rate) => {
      const { context, page } = await phone(rate);
      let release: () => void = () => undefined;
      try {
        release = await holdBack(page, /\/assets\/start-[\w-]+\.js$/);
        const arrived = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
        await page.goto(`${journey.stack.url}/login`, { waitUntil: 'commit' });
        await (await arrived).finished();
        // The whole page is here and frames are drawn: still no control a tap could be lost on.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const connect = page.getByText('Connect Spotify', { exact: true });
        expect(await connect.count()).toBe(0);
        release();
        await tapWhenShown(connect);
        await LOGIN_BUTTONS[0]?.[1](page);
      } finally {
        release();
        await context.close();
      }
    });
  },
  THROTTLED_TEST_MS,
);
