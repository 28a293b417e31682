import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from '../../scripts/browser.ts';
import { freePort, type Stack, startStack } from '../../scripts/stack.ts';

export { launchBrowser };

export const PHONE = { width: 390, height: 844 };

export interface TestStack extends Stack {
  emulatorUrl: string;
  dataDir: string;
}

/** Stands for the emulator's URL in an environment value, e.g. `LLM_BASE_URL: '{emulator}/openai/v1'`. */
export const EMULATOR_URL = '{emulator}';

/** The whole product on free ports: server (embedded database in a temp dir) and emulator. */
export async function startTestStack(env: Record<string, string> = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-e2e-'));
  const emulatorPort = await freePort();
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const resolved = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value.replaceAll(EMULATOR_URL, emulatorUrl)]),
  );
  const stack = await startStack({
    port: await freePort(),
    emulatorPort,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...resolved, SPOTIFY_CLIENT_ID: '' },
  });
  return {
    ...stack,
    emulatorUrl: stack.emulatorUrl ?? '',
    dataDir,
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Console errors and page errors of every page a journey opens. Each journey fails on any of them unless it
 * names the ones it expects with `expectConsoleError` (the browser's favicon probe aside).
 */
const consoleWatch = { errors: [] as string[], expected: [] as RegExp[] };

/** Declares a console error this journey causes on purpose; any other still fails it. */
export function expectConsoleError(pattern: RegExp): void {
  consoleWatch.expected.push(pattern);
}

function watchConsole(context: BrowserContext): void {
  context.on('console', (msg) => {
    const where = msg.location().url;
    if (msg.type() === 'error' && !where.endsWith('/favicon.ico')) {
      // The address a failed load names says which resource it was.
      consoleWatch.errors.push(where ? `${msg.text()} (${where})` : msg.text());
    }
  });
  context.on('weberror', (error) => consoleWatch.errors.push(error.error().message));
}

/** Every context of this browser reports its console to the journey's watch. */
function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchConsole(context);
    return context;
  };
  return browser;
}

/** A phone-sized page; its console errors fail the journey (see `expectConsoleError`). */
export async function newPhonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the emulator's authorize page as the given listener. */
export async function signIn(page: Page, baseUrl: string, listener = 'Demo Listener'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: /Connect Spotify/ }).click();
  await page.getByRole('button', { name: `Log in as ${listener}` }).click();
}

export interface Journey {
  readonly stack: TestStack;
  readonly browser: Browser;
}

/** One stack and one browser for a test file's journeys: started before its tests, stopped after them. */
export function useJourney(env: Record<string, string> = {}): Journey {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(env), launchBrowser().then(watchBrowser)]);
  });
  afterEach(() => {
    const { errors, expected } = consoleWatch;
    consoleWatch.errors = [];
    consoleWatch.expected = [];
    expect(
      errors.filter((error) => !expected.some((pattern) => pattern.test(error))),
      'console errors in the page',
    ).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      if (!stack) throw new Error('The stack starts before the tests (beforeAll)');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts before the tests (beforeAll)');
      return browser;
    },
  };
}
