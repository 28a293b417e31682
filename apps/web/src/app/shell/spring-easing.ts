/**
 * A spring (mass 1) from 0 to 1 as a CSS `linear()` easing and its settle time, so page transitions get
 * the spring of docs/product.md, "Screens and routes", without shipping an animation library on the first route.
 */
export function springEasing(
  stiffness: number,
  damping: number,
  step = 1 / 60,
): { easing: string; durationMs: number } {
  let x = 0;
  let v = 0;
  const points: number[] = [0];
  for (let t = 0; t < 3; t += step) {
    const a = stiffness * (1 - x) - damping * v;
    v += a * step;
    x += v * step;
    points.push(x);
    if (Math.abs(1 - x) < 0.002 && Math.abs(v) < 0.01) break;
  }
  points[points.length - 1] = 1;
  const easing = `linear(${points.map((p) => Number(p.toFixed(4))).join(', ')})`;
  return { easing, durationMs: Math.round((points.length - 1) * step * 1000) };
}

export const PAGE_SPRING = springEasing(300, 40);
