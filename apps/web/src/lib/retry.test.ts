import { afterEach, expect, test, vi } from 'vitest';
import { RETRY, withRetry } from './retry.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** When each attempt of a call that always fails starts, in ms after the first. */
async function attemptTimes(options: { retries: number; baseDelayMs: number }): Promise<number[]> {
  vi.useFakeTimers();
  const start = Date.now();
  const times: number[] = [];
  const done = withRetry(() => {
    times.push(Date.now() - start);
    return Promise.reject(new Error('down'));
  }, options).catch(() => undefined);
  await vi.runAllTimersAsync();
  await done;
  return times;
}

test('the top artists are tried 4 times, waiting 400, 800 and 1600 ms between tries', async () => {
  expect(await attemptTimes(RETRY.topArtists)).toEqual([0, 400, 1200, 2800]);
});

test('a token refresh waits 500, 1000 and 2000 ms; the welcome 800 and 1600; success lines 600 and 1200', async () => {
  expect(await attemptTimes(RETRY.tokenRefresh)).toEqual([0, 500, 1500, 3500]);
  expect(await attemptTimes(RETRY.welcomeMessage)).toEqual([0, 800, 2400]);
  expect(await attemptTimes(RETRY.successMessages)).toEqual([0, 600, 1800]);
});

test('a call that keeps failing is tried once plus the retries, then its error surfaces', async () => {
  let calls = 0;
  const run = () => {
    calls++;
    return Promise.reject(new Error(`failure ${calls}`));
  };
  await expect(withRetry(run, { retries: 3, baseDelayMs: 1 })).rejects.toThrow('failure 4');
  expect(calls).toBe(4);
});

test('a call that recovers returns its value', async () => {
  let calls = 0;
  const value = await withRetry(
    () => (++calls < 3 ? Promise.reject(new Error('not yet')) : Promise.resolve('ok')),
    {
      retries: 3,
      baseDelayMs: 1,
    },
  );
  expect(value).toBe('ok');
  expect(calls).toBe(3);
});

test('an error that will not change stops the retries at once', async () => {
  let calls = 0;
  const run = () => {
    calls++;
    return Promise.reject(new Error('invalid_grant'));
  };
  await expect(withRetry(run, { retries: 3, baseDelayMs: 1, shouldRetry: () => false })).rejects.toThrow();
  expect(calls).toBe(1);
});
