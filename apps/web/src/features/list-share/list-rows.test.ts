import { expect, test } from 'vitest';
import { LIST_GRADIENT, listRowColour, listRowWidth } from './list-rows.ts';

test('rows are 370 px wide at the top and narrow by 4 px per zero-based rank', () => {
  expect(listRowWidth(0)).toBe(370);
  expect(listRowWidth(1)).toBe(366);
  expect(listRowWidth(39)).toBe(214);
});

test('the gradient has 41 steps from red through orange, yellow, green and blue to purple', () => {
  expect(LIST_GRADIENT).toHaveLength(41);
  expect(new Set(LIST_GRADIENT).size).toBe(41);
  expect(LIST_GRADIENT[0]).toBe('#ff5a4f');
  expect(LIST_GRADIENT[8]).toBe('#ff9f1a');
  expect(LIST_GRADIENT[16]).toBe('#ffd60a');
  expect(LIST_GRADIENT[24]).toBe('#34d058');
  expect(LIST_GRADIENT[32]).toBe('#4aa3ff');
  expect(LIST_GRADIENT[40]).toBe('#c77dff');
  for (const colour of LIST_GRADIENT) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
});

test('ranks outside the list take the nearest end colour', () => {
  expect(listRowColour(-3)).toBe(LIST_GRADIENT[0]);
  expect(listRowColour(99)).toBe(LIST_GRADIENT[40]);
});
