import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { BACK_ONLINE_MS, useNetworkState } from './use-online.ts';

afterEach(() => vi.useRealTimers());

test('offline, then back online for 2 seconds, then simply online', () => {
  vi.useFakeTimers();
  const { result } = renderHook(() => useNetworkState());
  expect(result.current).toBe('online');
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(result.current).toBe('offline');
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(result.current).toBe('back-online');
  act(() => {
    vi.advanceTimersByTime(BACK_ONLINE_MS);
  });
  expect(result.current).toBe('online');
});
