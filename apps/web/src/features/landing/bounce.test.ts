import { expect, test } from 'vitest';
import { COLOURS, flight, keptInside, LOGO_WIDTH, SPEED_PX_PER_S, startMover, step } from './bounce.ts';

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

test('a flight ends on the first wall the wordmark reaches, bounced and in the next colour', () => {
  const m = startMover(390, 844, 57);
  const next = flight(m, 390, 844, 57);
  expect(next).toBeDefined();
  if (!next) return;
  // From the top-centre, moving right and down at 45°: the right wall (x = 190) comes first.
  expect(next.seconds).toBeCloseTo(95 / (SPEED_PX_PER_S * Math.SQRT1_2), 6);
  expect(next.to.x).toBeCloseTo(390 - LOGO_WIDTH, 6);
  expect(next.to.y).toBeCloseTo(m.y + 95, 6);
  expect(next.to.dx).toBeLessThan(0);
  expect(next.to.dy).toBeGreaterThan(0);
  expect(next.to.colour).toBe(1);
});

test('flights chain inside the screen, each to a wall, and stop only where there is no room', () => {
  let m = startMover(390, 844, 57);
  let travelled = 0;
  for (let i = 0; i < 200; i++) {
    const next = flight(m, 390, 844, 57);
    if (!next) throw new Error('the wordmark stopped');
    expect(next.seconds).toBeGreaterThan(0);
    travelled += next.seconds * SPEED_PX_PER_S;
    const onWall = [next.to.x, 390 - LOGO_WIDTH - next.to.x, next.to.y, 844 - 57 - next.to.y];
    expect(Math.min(...onWall.map(Math.abs))).toBeLessThan(1e-6);
    expect(onWall.every((d) => d > -1e-6)).toBe(true);
    m = next.to;
  }
  expect(travelled).toBeGreaterThan(1000);
  // A screen only as wide as the wordmark: it still flies up and down.
  expect(flight(startMover(200, 844, 57), 200, 844, 57)?.seconds).toBeGreaterThan(0);
  expect(flight(startMover(200, 57, 57), 200, 57, 57)).toBeUndefined();
});

test('a screen that shrinks keeps the wordmark inside, with its heading and colour', () => {
  const m = { x: 300, y: 700, dx: -50, dy: 80, colour: 7 };
  expect(keptInside(m, 390, 600, 57)).toEqual({ x: 190, y: 543, dx: -50, dy: 80, colour: 7 });
  expect(keptInside(m, 1000, 1000, 57)).toEqual(m);
  expect(keptInside(m, 100, 40, 57)).toEqual({ ...m, x: 0, y: 0 });
});
