import { expect, test } from 'vitest';
import { springEasing } from './spring-easing.ts';

test('the page spring starts at 0, ends at 1 and settles within a second', () => {
  const { easing, durationMs } = springEasing(300, 40);
  expect(easing.startsWith('linear(0, ')).toBe(true);
  expect(easing.endsWith(', 1)')).toBe(true);
  expect(durationMs).toBeGreaterThan(200);
  expect(durationMs).toBeLessThan(1000);
});

test('an over-damped spring never overshoots', () => {
  const values = springEasing(300, 40).easing.slice('linear('.length, -1).split(', ').map(Number);
  expect(Math.max(...values)).toBeLessThanOrEqual(1);
});
