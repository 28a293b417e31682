import { demoSources } from '@heavy-rotation/emulator';
import type { Browser, Request } from 'playwright-core';
import { signIn } from '../../e2e/src/harness.ts';
import { phoneContext, waitForTopRows } from './browser.ts';

/** One call of the web app as Chromium sent it: method, path with query, every header, the body. */
export interface BrowserCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The calls the load test replays, by name; each as the web app made it in Chromium. */
export type CallName = 'success lines' | 'welcome' | 'profile' | 'flags' | 'events' | 'top artists (cookie)';

const WANTED: [CallName, string, RegExp][] = [
  ['success lines', 'POST', /^\/functions\/v1\/generate-success-message$/],
  ['welcome', 'POST', /^\/functions\/v1\/generate-welcome-message$/],
  ['profile', 'GET', /^\/rest\/v1\/user_profile$/],
  ['flags', 'GET', /^\/api\/flags$/],
  ['events', 'POST', /^\/api\/events$/],
  ['top artists (cookie)', 'GET', /^\/api\/source\/top-artists$/],
];

// Set by the connection, not by the caller: the load tool writes its own.
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

async function record(request: Request, origin: string, into: Map<CallName, BrowserCall>): Promise<void> {
  const url = new URL(request.url());
  if (url.origin !== origin) return;
  const match = WANTED.find(([, method, path]) => method === request.method() && path.test(url.pathname));
  if (!match || into.has(match[0])) return;
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(
      ([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name),
    ),
  );
  const body = request.postData() ?? undefined;
  into.set(match[0], {
    method: request.method(),
    path: `${url.pathname}${url.search}`,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

/**
 * The web app's own calls, read from Chromium as it made them: a Spotify listener's first visit (sign-in,
 * the Top 40 with the welcome, the quiz through the phone gate, which asks for the success lines), and a
 * ListenBrainz listener's Top 40 (our session cookie). Their headers are the real ones: Origin,
 * Sec-Fetch-*, Referer, Accept-Language, User-Agent, apikey, Authorization, Cookie.
 */
export async function browserCalls(browser: Browser, url: string): Promise<Map<CallName, BrowserCall>> {
  const origin = new URL(url).origin;
  const calls = new Map<CallName, BrowserCall>();
  const pending: Promise<void>[] = [];
  const spotify = await phoneContext(browser);
  try {
    spotify.on('request', (request) => pending.push(record(request, origin, calls)));
    const page = await spotify.newPage();
    await signIn(page, url);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await waitForTopRows(page, 30_000);
    // The first visit's welcome asks for its greeting; three steps lead on to the list.
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('dialog', { name: 'Your month in music' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page
      .getByRole('dialog', { name: 'Your quiz awaits' })
      .getByRole('button', { name: "Let's go" })
      .click();
    await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click({ timeout: 15_000 });
    await page
      .getByRole('dialog', { name: 'Add your number to continue' })
      .getByRole('button', { name: 'Not now' })
      .click({ timeout: 15_000 });
    await page.waitForURL((u) => u.pathname === '/quiz', { timeout: 15_000 });
    const deadline = Date.now() + 15_000;
    while (!calls.has('success lines') && Date.now() < deadline) await page.waitForTimeout(200);
  } finally {
    await Promise.allSettled(pending);
    await spotify.close();
  }
  const brainz = await phoneContext(browser);
  try {
    brainz.on('request', (request) => pending.push(record(request, origin, calls)));
    const page = await brainz.newPage();
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: 'Continue with ListenBrainz' }).click();
    await page.getByLabel('ListenBrainz user token').fill(demoSources.listenbrainz[0]?.token ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await waitForTopRows(page, 30_000);
  } finally {
    await Promise.allSettled(pending);
    await brainz.close();
  }
  return calls;
}
