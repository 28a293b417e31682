import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './harness.ts';

export const SIGN_IN_KEYS = [
  'spotify_access_token',
  'spotify_refresh_token',
  'spotify_token_expiry',
  'spotify_user_id',
  'spotify_user_email',
  'spotify_user_display_name',
  'pkce_code_verifier',
  'pkce_state',
];
export const ARTISTS_KEY = 'Heavy Rotation::artists';
/** The list can take a while on a busy machine (journeys run side by side). */
export const ROWS_WAIT = { timeout: 20_000 };

async function control(emulatorUrl: string, path: string, method: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emulatorUrl}/_emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${method} ${path} answered ${res.status}`);
  return res.headers.get('content-type')?.includes('json') ? res.json() : undefined;
}

async function requestLog(url: string) {
  const log = (await control(url, 'requests', 'GET')) as {
    requests: { method: string; path: string; grantType?: string }[];
  };
  return log.requests;
}

export interface Fault {
  method?: string;
  path: string;
  status?: number;
  retryAfter?: number;
  body?: unknown;
  times?: number;
}

export const emulator = {
  fault: (url: string, fault: Fault) => control(url, 'faults', 'POST', fault),
  clearFaults: (url: string) => control(url, 'faults', 'DELETE'),
  advanceClock: (url: string, seconds: number) => control(url, 'clock', 'POST', { advanceSeconds: seconds }),
  clearRequests: (url: string) => control(url, 'requests', 'DELETE'),
  async refreshCount(url: string): Promise<number> {
    const log = await requestLog(url);
    return log.filter((r) => r.path === '/api/token' && r.grantType === 'refresh_token').length;
  },
  async topArtistsCalls(url: string): Promise<number> {
    const log = await requestLog(url);
    return log.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/me/top/artists')).length;
  },
};

/** Signs in and waits for the finished Top 40 list. */
export async function signInToList(page: Page, baseUrl: string, listener = 'Demo Listener', rows = 40) {
  await signIn(page, baseUrl, listener);
  await page.waitForURL(`${baseUrl}/`);
  // The rows past the first screen are drawn once it is on screen: a busy machine takes a while.
  await expect
    .poll(() => page.getByRole('list', { name: 'Your top artists' }).getByRole('listitem').count(), ROWS_WAIT)
    .toBe(rows);
}

export function listItems(page: Page) {
  return page.getByRole('list', { name: 'Your top artists' }).getByRole('listitem');
}

export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage));
}

/**
 * An export's list outlives a reload, offline too: once the service worker controls the page, the list
 * comes back with no network and says it is the last saved one.
 */
export async function expectOfflineReload(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(40);
  await page.getByText('Offline - showing last saved data').waitFor();
  await context.setOffline(false);
}

/** Log out (from the menu) leaves the device holding nothing of an export: back at /login. */
export async function logOutForgetsExport(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${url}/login`);
  expect(await page.evaluate(() => localStorage.getItem('spotify_export'))).toBeNull();
}
