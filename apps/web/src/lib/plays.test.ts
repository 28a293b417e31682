import { expect, test } from 'vitest';
import { playsText } from './plays.ts';

test('plays read as the product says them, one play or many, with the number grouped', () => {
  expect(playsText({ count: 1, period: 'this-month' })).toBe('1 play this month');
  expect(playsText({ count: 12, period: 'last-4-weeks' })).toBe('12 plays in the last 4 weeks');
  expect(playsText({ count: 1234, period: 'last-month' })).toBe('1,234 plays last month');
});
