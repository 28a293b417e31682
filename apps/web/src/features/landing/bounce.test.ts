import { expect, test } from 'vitest';
import { COLOURS, LOGO_WIDTH, SPEED_PX_PER_S, startMover, step } from './bounce.ts';

test('the wordmark moves at 125 px/s and stays inside the screen', () => {
  let m = startMover(390, 844, 57);
  const before = { x: m.x, y: m.y };
  m = step(m, 0.1, 390, 844, 57);
  expect(Math.hypot(m.x - before.x, m.y - before.y)).toBeCloseTo(SPEED_PX_PER_S * 0.1, 5);
  for (let i = 0; i < 2000; i++) {
    m = step(m, 1 / 60, 390, 844, 57);
    expect(m.x).toBeGreaterThanOrEqual(0);
    expect(m.x).toBeLessThanOrEqual(390 - LOGO_WIDTH);
    expect(m.y).toBeGreaterThanOrEqual(0);
    expect(m.y).toBeLessThanOrEqual(844 - 57);
  }
});

test('each bounce off a wall brings the next of 25 colours', () => {
  expect(COLOURS).toHaveLength(25);
  expect(new Set(COLOURS).size).toBe(25);
  const atWall = { x: 189, y: 100, dx: 100, dy: 0, colour: 24 };
  const bounced = step(atWall, 0.05, 390, 844, 57);
  expect(bounced.dx).toBeLessThan(0);
  expect(bounced.colour).toBe(0);
  const free = step({ ...bounced, x: 100 }, 0.01, 390, 844, 57);
  expect(free.colour).toBe(0);
});
