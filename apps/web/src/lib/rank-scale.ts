// The one colour scale and row width of ranks (docs/product.md, "The list card and the share view"):
// the Top 40 rows and the quiz grid use it in 40 steps, the list card in 41.

// Light enough at every step for dark text (WCAG AA on #0b0b0f).
const STOPS: readonly (readonly [number, number, number])[] = [
  [255, 90, 79], // red
  [255, 159, 26], // orange
  [255, 214, 10], // yellow
  [52, 208, 88], // green
  [74, 163, 255], // blue
  [199, 125, 255], // purple
];

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, '0');
}

const scales = new Map<number, readonly string[]>();

/** `steps` colours from red through orange, yellow, green and blue to purple (first and last the end stops). */
export function rankScale(steps: number): readonly string[] {
  let scale = scales.get(steps);
  if (!scale) {
    scale = Array.from({ length: steps }, (_, i) => {
      const position = (i / Math.max(steps - 1, 1)) * (STOPS.length - 1);
      const segment = Math.min(Math.floor(position), STOPS.length - 2);
      const t = position - segment;
      const from = STOPS[segment] ?? [0, 0, 0];
      const to = STOPS[segment + 1] ?? from;
      return `#${[0, 1, 2].map((c) => hex((from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t)).join('')}`;
    });
    scales.set(steps, scale);
  }
  return scale;
}

/** The colour of a 0-based rank on a scale of `steps` (40 for the list, 41 for the list card). */
export function rankColour(rank: number, steps = 40): string {
  const scale = rankScale(steps);
  return scale[Math.min(Math.max(rank, 0), scale.length - 1)] ?? '#ff5a4f';
}

/** A row's width: 370 px at rank 1, 4 px narrower per rank. */
export function rowWidth(rank: number): number {
  return 370 - 4 * rank;
}
