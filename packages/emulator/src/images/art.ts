import { seeded } from '../data/ids.ts';
import { encodePng } from './png.ts';

export const IMAGE_SIZES = [640, 300, 64] as const;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The dominant colour of a key's artwork: hue spread over the wheel, never near-white. */
function dominantColour(key: string): [number, number, number] {
  return hslToRgb(
    seeded(`hue:${key}`),
    0.45 + seeded(`sat:${key}`) * 0.35,
    0.3 + seeded(`lum:${key}`) * 0.25,
  );
}

const cache = new Map<string, Buffer>();

/**
 * Square artwork for a key: the dominant colour with a lighter disc and a darker band, so images
 * differ visibly and a palette extractor finds the dominant colour.
 */
export function artwork(key: string, size: number): Buffer {
  const cacheKey = `${key}:${size}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const [r, g, b] = dominantColour(key);
  const cx = size * (0.3 + seeded(`cx:${key}`) * 0.4);
  const cy = size * (0.3 + seeded(`cy:${key}`) * 0.4);
  const radius = size * 0.22;
  const band = seeded(`band:${key}`);
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2;
      const inBand = Math.abs((x + y) / (2 * size) - band) < 0.06;
      const shade = inDisc ? 1.35 : inBand ? 0.7 : 1;
      const i = (y * size + x) * 3;
      rgb[i] = Math.min(255, r * shade);
      rgb[i + 1] = Math.min(255, g * shade);
      rgb[i + 2] = Math.min(255, b * shade);
    }
  }
  const png = encodePng(size, size, rgb);
  if (cache.size > 2000) cache.clear();
  cache.set(cacheKey, png);
  return png;
}
