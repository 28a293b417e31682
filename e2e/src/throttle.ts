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
 * Runs `journey` for each case at each rate, side by side (the throttled pages mostly wait), and fails
 * naming every case and rate that failed.
 */
export async function eachRate<T extends string>(
  cases: readonly T[],
  journey: (rate: number, which: T) => Promise<void>,
): Promise<void> {
  const runs = RATES.flatMap((rate) => cases.map((which) => ({ rate, which })));
  const results = await Promise.allSettled(runs.map(({ rate, which }) => journey(rate, which)));
  const failed = results.flatMap((result, i) =>
    result.status === 'rejected'
      ? [`${runs[i]?.which} at ${runs[i]?.rate}x: ${String(result.reason).split('\n')[0]}`]
      : [],
  );
  expect(failed).toEqual([]);
}
