import { demoData } from '@heavy-rotation/emulator';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from './harness.ts';

/** The demo listener's top 40 names, in rank order. */
export function demoTop40(listenerId = 'demo-listener'): string[] {
  const listener = demoData.listeners.find((l) => l.id === listenerId);
  const byId = new Map(demoData.artists.map((a) => [a.id, a.name]));
  return (listener?.top_artists ?? []).slice(0, 40).map((id) => byId.get(id) ?? '');
}

/** Marks the welcome as seen in every page of the context, so journeys about other screens skip it. */
export async function skipWelcome(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Runs in every frame, including about:blank, whose storage is off limits.
    if (location.protocol.startsWith('http')) localStorage.setItem('welcome_shown', 'true');
  });
}

/** Signs in and waits for the Top 40 screen. */
export async function signInToTop40(page: Page, baseUrl: string, listener = 'Demo Listener'): Promise<void> {
  await signIn(page, baseUrl, listener);
  await page.waitForURL(`${baseUrl}/`);
}

/** The persisted revealed-artists store, as zustand writes it. */
function revealedStore(indices: number[]): string {
  return JSON.stringify({ state: { revealed: indices }, version: 0 });
}

/**
 * Saves progress by rank (the store of an earlier version) and opens `path`. The Top 40 is left first:
 * while it is open it writes its own store (as images fill in), which would replace what was saved.
 */
export async function openWithSavedProgress(
  page: Page,
  baseUrl: string,
  indices: number[],
  path = '/quiz',
): Promise<void> {
  await page.goto(`${baseUrl}/app-config.json`);
  await page.evaluate((value) => localStorage.setItem('revealed-artists', value), revealedStore(indices));
  await page.goto(`${baseUrl}${path}`);
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}

/**
 * Waits until the device keeps a success line for each of these artists: the quiz asks for them in
 * batches, a pause apart, so a quiet network for a moment does not mean the asking is over.
 */
export async function linesKept(page: Page, names: readonly string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const stored = JSON.parse(localStorage.getItem('quiz-messages') ?? '{}')?.state?.messages ?? {};
      return wanted.every((name) => typeof stored[name] === 'string');
    },
    names,
    { timeout: 30_000 },
  );
}
