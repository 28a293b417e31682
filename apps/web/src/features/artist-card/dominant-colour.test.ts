import { expect, test } from 'vitest';
import { dominantFromPixels, paletteFromPixels, textOn } from './dominant-colour.ts';

/** RGBA pixels: each entry repeated `count` times. */
function pixels(...runs: [r: number, g: number, b: number, a: number, count: number][]): Uint8ClampedArray {
  const out: number[] = [];
  for (const [r, g, b, a, count] of runs) for (let i = 0; i < count; i++) out.push(r, g, b, a);
  return new Uint8ClampedArray(out);
}

test('the dominant colour is the average of the most populous 5-bit bucket', () => {
  // 200, 202 and 206 share a bucket (200 >> 3 = 206 >> 3 = 25); 30 pixels of blue do not outnumber them.
  const data = pixels([200, 40, 40, 255, 20], [206, 44, 46, 255, 20], [20, 20, 220, 255, 30]);
  expect(dominantFromPixels(data)).toEqual([203, 42, 43]);
});

test('near-white pixels and pixels with alpha below 125 are ignored', () => {
  const data = pixels(
    [255, 255, 255, 255, 500],
    [251, 252, 253, 255, 100],
    [0, 200, 0, 124, 400],
    [10, 80, 160, 125, 3],
  );
  expect(dominantFromPixels(data)).toEqual([10, 80, 160]);
});

test('an image with nothing but white or transparent pixels has no dominant colour', () => {
  expect(dominantFromPixels(pixels([255, 255, 255, 255, 10], [40, 40, 40, 0, 10]))).toBeNull();
  expect(dominantFromPixels(new Uint8ClampedArray())).toBeNull();
});

test('the palette holds at most 10 colours by default, most populous first', () => {
  const runs = Array.from(
    { length: 14 },
    (_, i) => [i * 16, 0, 0, 255, 100 - i] as [number, number, number, number, number],
  );
  const palette = paletteFromPixels(pixels(...runs));
  expect(palette).toHaveLength(10);
  expect(palette[0]).toEqual([0, 0, 0]);
  expect(palette[9]).toEqual([144, 0, 0]);
  expect(paletteFromPixels(pixels(...runs), 3)).toHaveLength(3);
});

test('text on the card is white on dark colours and near-black on light ones', () => {
  expect(textOn([51, 51, 51])).toBe('#ffffff');
  expect(textOn([30, 60, 140])).toBe('#ffffff');
  expect(textOn([250, 220, 90])).toBe('#0b0b0f');
});
