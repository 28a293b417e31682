/** docs/product.md, "The landing screens": the wordmark is 200 px wide, moves at 125 px/s and cycles through 25 bright colours. */
export const LOGO_WIDTH = 200;
export const SPEED_PX_PER_S = 125;
export const COLOURS = Array.from({ length: 25 }, (_, i) => `hsl(${Math.round((i * 360) / 25)} 95% 60%)`);

export interface Mover {
  x: number;
  y: number;
  dx: number;
  dy: number;
  colour: number;
}

export function startMover(width: number, height: number, logoHeight: number): Mover {
  return {
    x: Math.max(0, (width - LOGO_WIDTH) / 2),
    y: Math.min(24, Math.max(0, height - logoHeight)),
    dx: SPEED_PX_PER_S * Math.SQRT1_2,
    dy: SPEED_PX_PER_S * Math.SQRT1_2,
    colour: 0,
  };
}

/** How far right and down the wordmark's top-left corner may go inside the box (0 with no room). */
function room(width: number, height: number, logoHeight: number): { maxX: number; maxY: number } {
  return { maxX: Math.max(0, width - LOGO_WIDTH), maxY: Math.max(0, height - logoHeight) };
}

/** The same wordmark, heading and colour, moved inside the box (after the box changed size). */
export function keptInside(m: Mover, width: number, height: number, logoHeight: number): Mover {
  const { maxX, maxY } = room(width, height, logoHeight);
  return { ...m, x: Math.min(Math.max(m.x, 0), maxX), y: Math.min(Math.max(m.y, 0), maxY) };
}

/** Moves the wordmark by `seconds` inside the box; each wall it bounces off brings the next colour. */
export function step(m: Mover, seconds: number, width: number, height: number, logoHeight: number): Mover {
  let { x, y, dx, dy, colour } = m;
  x += dx * seconds;
  y += dy * seconds;
  const { maxX, maxY } = room(width, height, logoHeight);
  let bounced = false;
  if (x <= 0 || x >= maxX) {
    x = Math.min(Math.max(x, 0), maxX);
    dx = x <= 0 ? Math.abs(dx) : -Math.abs(dx);
    bounced = true;
  }
  if (y <= 0 || y >= maxY) {
    y = Math.min(Math.max(y, 0), maxY);
    dy = y <= 0 ? Math.abs(dy) : -Math.abs(dy);
    bounced = true;
  }
  return { x, y, dx, dy, colour: bounced ? (colour + 1) % COLOURS.length : colour };
}

/** Seconds until `position` moving at `velocity` reaches 0 or `max`; never, on an axis with no room. */
function untilWall(position: number, velocity: number, max: number): number {
  if (max <= 0 || velocity === 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, velocity > 0 ? (max - position) / velocity : position / -velocity);
}

/**
 * The wordmark's straight flight to the next wall: how long it takes, and the mover as it leaves that
 * wall (bounced, in the next colour). `undefined` when it cannot move: the box has no room on either axis.
 */
export function flight(
  m: Mover,
  width: number,
  height: number,
  logoHeight: number,
): { seconds: number; to: Mover } | undefined {
  const { maxX, maxY } = room(width, height, logoHeight);
  const seconds = Math.min(untilWall(m.x, m.dx, maxX), untilWall(m.y, m.dy, maxY));
  if (!Number.isFinite(seconds)) return undefined;
  // A hair past the wall, so that `step` sees the touch and bounces.
  return { seconds, to: step(m, seconds + 1e-9, width, height, logoHeight) };
}
