import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The CPU slowdowns the first-input journeys run at, on slow 4G: Lighthouse's mobile profile and twice it. */
const RATES = [4, 8] as const;

/**
 * A phone-like page through the Chrome DevTools Protocol: the CPU slowed down `rate` times and a slow 4G
 * network (Lighthouse's mobile profile: 150 ms, 1.6 Mbps down, 750 kbps up).
 */
export async function slowDown(page: Page, rate: number): Promise<void> {
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

/**
 * Runs `journey` for each case at each rate, one after another, and fails naming every case and rate
 * that failed. One at a time: throttled pages side by side took the machine's two cores from each other,
 * so a page's first frame waited on the other pages, not on its own code.
 */
export async function eachRate<T extends string>(
  cases: readonly T[],
  journey: (rate: number, which: T) => Promise<void>,
): Promise<void> {
  const failed: string[] = [];
  for (const rate of RATES) {
    for (const which of cases) {
      try {
        await journey(rate, which);
      } catch (error) {
        failed.push(`${which} at ${rate}x: ${String(error).split('\n')[0]}`);
      }
    }
  }
  expect(failed).toEqual([]);
}

/**
 * A throttled journey's wait for what a person waits for: the next thing on screen, however long the
 * slowed page takes to show it. No wait of its own: the journey's test timeout (THROTTLED_TEST_MS) is
 * the only bound, so a slow machine makes the journey slower, never wrong.
 */
export const AS_LONG_AS_IT_TAKES = { timeout: 0 } as const;

/** The test timeout of a journey that runs every case at every rate, one after another. */
export const THROTTLED_TEST_MS = 300_000;
