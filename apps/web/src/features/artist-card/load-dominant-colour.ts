import { dominantFromPixels, FALLBACK_COLOUR, type Rgb } from './dominant-colour.ts';

/** Pixels sampled per side: small enough that reading them never blocks the page. */
const SAMPLE_SIZE = 64;

/**
 * The dominant colour of an image URL. The image is decoded off the main thread (img.decode) and
 * drawn into a 64x64 canvas, so the sampling loop sees at most 4,096 pixels. Any failure (network,
 * CORS, no canvas) gives the fallback colour: the view must become ready either way.
 */
export async function loadDominantColour(url: string | undefined): Promise<Rgb> {
  if (!url) return FALLBACK_COLOUR;
  try {
    const img = new Image();
    // Set before src: the pixels may only be read from a CORS-clean image.
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = SAMPLE_SIZE;
    canvas.height = SAMPLE_SIZE;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return FALLBACK_COLOUR;
    ctx.drawImage(img, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
    const { data } = ctx.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
    return dominantFromPixels(data) ?? FALLBACK_COLOUR;
  } catch {
    console.warn('Dominant colour unavailable; using the fallback');
    return FALLBACK_COLOUR;
  }
}
