import { renderHook, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useServerQuery } from './use-server-query.ts';

const failing = (tries: string[], key: string) => () => {
  tries.push(key);
  return Promise.reject(new Error(`down ${tries.length}`));
};

test('a query retried as its rule says shows its fallback once the retries stop', async () => {
  const tries: string[] = [];
  const { result } = renderHook(() =>
    useServerQuery('welcome', failing(tries, 'welcome'), {
      retryAfter: (failures) => (failures <= 2 ? 1 : null),
      fallback: (error) => `built-in after ${error.message}`,
    }),
  );
  await waitFor(() => expect(result.current.data).toBe('built-in after down 3'));
  expect(result.current.error).toBeUndefined();
  expect(tries).toHaveLength(3);
});

test('without a fallback the last error stays, and another key gets its own retries', async () => {
  const tries: string[] = [];
  const retryAfter = (failures: number) => (failures <= 1 ? 1 : null);
  const { result, rerender } = renderHook(
    ({ key }) => useServerQuery(key, failing(tries, key), { retryAfter }),
    {
      initialProps: { key: 'a' },
    },
  );
  await waitFor(() => expect(result.current.error?.message).toBe('down 2'));
  rerender({ key: 'b' });
  await waitFor(() => expect(tries).toEqual(['a', 'a', 'b', 'b']));
  await waitFor(() => expect(result.current.loading).toBe(false));
});
