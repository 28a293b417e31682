import { beforeEach, expect, test } from 'vitest';
import { useChartHistory } from './chart-history.ts';

const DAY = 86_400_000;

beforeEach(() => {
  localStorage.clear();
  useChartHistory.getState().reset();
});

test('a ranking is kept only when it differs from the last one kept, and survives a reload', () => {
  const { record } = useChartHistory.getState();
  record(['a', 'b'], 1 * DAY);
  record(['a', 'b'], 2 * DAY);
  record(['b', 'a'], 3 * DAY);
  expect(useChartHistory.getState().snapshots).toEqual([
    { at: DAY, ids: ['a', 'b'] },
    { at: 3 * DAY, ids: ['b', 'a'] },
  ]);
  expect(JSON.parse(localStorage.getItem('chart-history') ?? '{}').state.snapshots).toHaveLength(2);
});

test("the server's rankings join the device's in time order; rankings past 120 days are let go", () => {
  const { record, merge } = useChartHistory.getState();
  record(['c'], 200 * DAY);
  merge(
    [
      { at: 10 * DAY, ids: ['old'] },
      { at: 150 * DAY, ids: ['a'] },
      { at: 190 * DAY, ids: ['a'] },
    ],
    200 * DAY,
  );
  expect(useChartHistory.getState().snapshots).toEqual([
    { at: 150 * DAY, ids: ['a'] },
    { at: 200 * DAY, ids: ['c'] },
  ]);
});
