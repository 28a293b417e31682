import { expect, test } from 'vitest';
import { RETRY, withRetry } from './retry.ts';

test('the retry table matches spec §7', () => {
  expect(RETRY).toEqual({
    tokenRefresh: { retries: 3, baseDelayMs: 500 },
    topArtists: { retries: 3, baseDelayMs: 400 },
    welcomeMessage: { retries: 2, baseDelayMs: 800 },
    successMessages: { retries: 2, baseDelayMs: 600 },
  });
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
