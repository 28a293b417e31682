import { expect, test } from 'vitest';
import { singleFlight } from './single-flight.ts';

test('concurrent callers share one run and a later call starts a new one', async () => {
  let runs = 0;
  const refresh = singleFlight(async () => {
    runs++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return `token-${runs}`;
  });
  const results = await Promise.all([refresh(), refresh(), refresh()]);
  expect(results).toEqual(['token-1', 'token-1', 'token-1']);
  expect(await refresh()).toBe('token-2');
});

test('a failed run is shared too and does not block the next call', async () => {
  let runs = 0;
  const refresh = singleFlight(async () => {
    runs++;
    if (runs === 1) throw new Error('offline');
    return 'ok';
  });
  const [a, b] = await Promise.allSettled([refresh(), refresh()]);
  expect(a).toMatchObject({ status: 'rejected' });
  expect(b).toMatchObject({ status: 'rejected' });
  expect(await refresh()).toBe('ok');
});
