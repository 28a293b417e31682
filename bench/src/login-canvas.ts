import type { Browser } from 'playwright-core';
import { phoneContext } from './browser.ts';
import type { LighthousePage } from './lighthouse.ts';
import { medianOf } from './lighthouse.ts';
import { atMost, type Measure, measured, missing, reasonOf } from './results.ts';

interface CanvasWindow {
  __longTasks: number[];
}

/** Runs in the page before any app code: keeps every long task's duration. */
function observeLongTasks() {
  const w = window as unknown as CanvasWindow;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * The login screen's animation, unthrottled in Chromium: long tasks in the first 4 s (the animation starts
 * at 750 ms) and the delay before a key press during the animation is handled.
 */
async function inChromium(browser: Browser, url: string): Promise<Measure[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    await page.goto(`${url}/login`);
    await page.waitForTimeout(2000);
    await page.keyboard.press('Shift');
    await page.waitForTimeout(2000);
    const { tasks, inputDelay, fcp } = await page.evaluate(() => {
      const first = performance.getEntriesByType('first-input')[0] as PerformanceEventTiming | undefined;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        tasks: (window as unknown as CanvasWindow).__longTasks,
        inputDelay: first ? first.processingStart - first.startTime : null,
        fcp: paint ? paint.startTime : null,
      };
    });
    const total = tasks.reduce((sum, t) => sum + t, 0);
    const out = [
      measured(
        'Login canvas: long tasks in 4 s (unthrottled)',
        Math.round(total),
        'ms',
        undefined,
        `${tasks.length} long tasks`,
      ),
    ];
    out.push(
      inputDelay === null
        ? missing('Login canvas: input delay during animation', 'ms', 'no first-input entry')
        : measured(
            'Login canvas: input delay during animation',
            Math.round(inputDelay * 10) / 10,
            'ms',
            atMost(50),
          ),
    );
    if (fcp !== null) out.push(measured('Login canvas: FCP (unthrottled)', Math.round(fcp), 'ms'));
    return out;
  } finally {
    await context.close();
  }
}

/** What the animated background costs /login: Lighthouse's mobile FCP, TBT and long tasks, plus Chromium's view. */
export async function measureLoginCanvas(
  browser: Browser,
  url: string,
  login: LighthousePage | undefined,
): Promise<Measure[]> {
  const out: Measure[] = [];
  const fcp = login && medianOf(login, 'fcp');
  const tbt = login && medianOf(login, 'tbt');
  const count = login && medianOf(login, 'longTasks');
  const longest = login && medianOf(login, 'longestTask');
  if (fcp === undefined || tbt === undefined || count === undefined || longest === undefined) {
    out.push(missing('Login canvas: Lighthouse FCP', 'ms', login?.failure ?? 'no Lighthouse run of /login'));
  } else {
    out.push(measured('Login canvas: Lighthouse FCP (mobile)', Math.round(fcp), 'ms'));
    out.push(measured('Login canvas: Lighthouse TBT (mobile)', Math.round(tbt), 'ms', atMost(50)));
    out.push(
      measured(
        'Login canvas: Lighthouse long tasks (mobile)',
        count,
        'count',
        undefined,
        `longest ${Math.round(longest)} ms`,
      ),
    );
  }
  try {
    out.push(...(await inChromium(browser, url)));
  } catch (error) {
    out.push(missing('Login canvas: input delay during animation', 'ms', reasonOf(error)));
  }
  return out;
}
