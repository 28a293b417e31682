export type Rgb = readonly [number, number, number];

/** docs/product.md, "The list card and the share view": the fallback when no colour can be computed (image error, nothing but white pixels). */
export const FALLBACK_COLOUR: Rgb = [51, 51, 51];
const DEFAULT_COLOUR_COUNT = 10;
const BITS = 5;
const SHIFT = 8 - BITS;
const MIN_ALPHA = 125;
const NEAR_WHITE = 250;

/**
 * The palette (docs/product.md, "The list card and the share view"): pixels grouped into 5-bit-per-channel buckets, ignoring near-white pixels and those
 * with alpha below 125. Returns the average colour of the most populous buckets, most populous first.
 */
export function paletteFromPixels(rgba: ArrayLike<number>, colourCount = DEFAULT_COLOUR_COUNT): Rgb[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    const a = rgba[i + 3] ?? 0;
    if (a < MIN_ALPHA || (r > NEAR_WHITE && g > NEAR_WHITE && b > NEAR_WHITE)) continue;
    const key = ((r >> SHIFT) << (2 * BITS)) | ((g >> SHIFT) << BITS) | (b >> SHIFT);
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.n++;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
    } else buckets.set(key, { n: 1, r, g, b });
  }
  return [...buckets.values()]
    .sort((x, y) => y.n - x.n)
    .slice(0, Math.max(1, colourCount))
    .map((s) => [Math.round(s.r / s.n), Math.round(s.g / s.n), Math.round(s.b / s.n)] as const);
}

/** The most populous bucket's average colour, or null when no pixel counts. */
export function dominantFromPixels(rgba: ArrayLike<number>): Rgb | null {
  return paletteFromPixels(rgba, 1)[0] ?? null;
}

export function toCss([r, g, b]: Rgb): string {
  return `rgb(${r} ${g} ${b})`;
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** White or near-black, whichever reads better on the colour (WCAG contrast ratio). */
export function textOn(colour: Rgb): '#ffffff' | '#0b0b0f' {
  const l = luminance(colour);
  const dark = luminance([11, 11, 15]);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (dark + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0b0b0f';
}
