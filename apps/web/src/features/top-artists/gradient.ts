/** 40 steps from red to violet (hue 0 → 275), light enough for dark text on every step. */
const ROW_COLORS: readonly string[] = Array.from(
  { length: 40 },
  (_, i) => `hsl(${Math.round((275 * i) / 39)} 88% 66%)`,
);

export function rowColor(index: number): string {
  return ROW_COLORS[Math.min(Math.max(index, 0), ROW_COLORS.length - 1)] ?? 'hsl(0 88% 66%)';
}

/** docs/product.md, "The list card and the share view": rows are 370 px wide at rank 1 and narrow by 4 px per rank. */
export function rowWidth(index: number): number {
  return 370 - 4 * index;
}
