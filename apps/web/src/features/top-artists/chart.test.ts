import { expect, test } from 'vitest';
import { chartMoves, chartSummary, moveLabel, WEEK_MS } from './chart.ts';

const DAY = 86_400_000;
const now = 100 * DAY;

test('a first visit has nothing to compare with: no movement at all', () => {
  expect(chartMoves(['a', 'b'], [], now)).toBeNull();
  expect(chartMoves(['a', 'b'], [{ at: now, ids: ['a', 'b'] }], now)).toBeNull();
});

test('rows move against the ranking of at least a week before: up, down, same, new, back', () => {
  const snapshots = [
    { at: now - 30 * DAY, ids: ['a', 'b', 'c', 'x'] },
    { at: now - 8 * DAY, ids: ['a', 'b', 'c', 'd'] },
    // Newer than a week: not the baseline while a week-old one exists.
    { at: now - 2 * DAY, ids: ['d', 'a', 'b', 'c'] },
  ];
  const moves = chartMoves(['c', 'a', 'b', 'y', 'x'], snapshots, now);
  expect(moves).toEqual([
    { kind: 'up', by: 2 },
    { kind: 'down', by: 1 },
    { kind: 'down', by: 1 },
    { kind: 'new' },
    { kind: 're' },
  ]);
  expect(moves?.map((m) => moveLabel(m).words)).toEqual([
    'up 2',
    'down 1',
    'down 1',
    'new this week',
    'back in your top 40',
  ]);
  expect(chartSummary(moves ?? [])).toBe('This week: 1 new · 1 climber · 1 back');
});

test('within the first week, the last different ranking is the baseline; an unchanged one reads "="', () => {
  const snapshots = [
    { at: now - DAY, ids: ['b', 'a'] },
    { at: now - WEEK_MS / 2, ids: ['a', 'b'] },
  ];
  expect(chartMoves(['a', 'b'], snapshots, now)).toEqual([
    { kind: 'up', by: 1 },
    { kind: 'down', by: 1 },
  ]);
  const unchanged = chartMoves(['a', 'b'], [{ at: now - 9 * DAY, ids: ['a', 'b'] }], now) ?? [];
  expect(unchanged.map((m) => moveLabel(m).mark)).toEqual(['=', '=']);
  expect(chartSummary(unchanged)).toBe('This week: 0 new · 0 climbers');
});
