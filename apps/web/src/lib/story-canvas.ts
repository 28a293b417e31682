import { t } from '../i18n/i18n.ts';

/** Drawing helpers for the 1080x1920 story images (the size stories and status updates use). */
export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
export const WORDMARK_URL = '/wordmark.svg';

function createStoryCanvas(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = STORY_WIDTH;
  canvas.height = STORY_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  return { canvas, ctx };
}

/**
 * An image that may be drawn into a canvas without tainting it: crossOrigin is set before src, so the
 * image host must allow it (the provider's image hosts do). Null when it cannot load.
 */
export async function loadCorsImage(url: string | undefined): Promise<HTMLImageElement | null> {
  if (!url) return null;
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = url;
  try {
    await img.decode();
    return img;
  } catch {
    console.warn('Story image: artwork could not be loaded');
    return null;
  }
}

function canvasToJpeg(canvas: HTMLCanvasElement, quality = 0.9): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      'image/jpeg',
      quality,
    );
  });
}

export const STORY_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Sets a bold font, shrinking it until the text fits; cuts the text with an ellipsis at the minimum. */
export function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  size: number,
  minSize = Math.round(size * 0.6),
  weight = 800,
): string {
  for (let s = size; s >= minSize; s -= 2) {
    ctx.font = `${weight} ${s}px ${STORY_FONT}`;
    if (ctx.measureText(text).width <= maxWidth) return text;
  }
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The pieces a line may break between: words, and the characters of a word wider than a line (Japanese
 * writes no spaces between words, so a sentence is one long "word").
 */
function breakable(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
): { piece: string; glue: string }[] {
  return text
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .flatMap((word) =>
      ctx.measureText(word).width <= maxWidth
        ? [{ piece: word, glue: ' ' }]
        : [...word].map((piece, i) => ({ piece, glue: i === 0 ? ' ' : '' })),
    );
}

/** Splits text into lines no wider than maxWidth with the current font (at most maxLines). */
export function wrapLines(
  ctx: CanvasRenderingContext2D,
  text: string,
  maxWidth: number,
  maxLines = 4,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const { piece, glue } of breakable(ctx, text, maxWidth)) {
    const next = line ? `${line}${glue}${piece}` : piece;
    if (ctx.measureText(next).width <= maxWidth || !line) line = next;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** Our wordmark (white, 420x120 artwork) at the given box; the product name as text if it fails. */
async function drawWordmark(
  ctx: CanvasRenderingContext2D,
  productName: string,
  centreX: number,
  top: number,
  width: number,
): Promise<void> {
  const img = await loadCorsImage(WORDMARK_URL);
  const height = Math.round((width * 120) / 420);
  if (img) {
    ctx.drawImage(img, centreX - width / 2, top, width, height);
    return;
  }
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(fitText(ctx, productName.toUpperCase(), width, 64), centreX, top + height / 2);
}

/** What every story has around what it shows. */
export interface StoryFrame {
  productName: string;
  /** The fill of the whole story. */
  background: (ctx: CanvasRenderingContext2D) => string | CanvasGradient;
  /** Our wordmark's top and width. */
  wordmark: [top: number, width: number];
  /** The font sizes of the two lines at the foot, and how far above the bottom each sits. */
  foot: { sizes: [number, number]; above: [number, number] };
}

/**
 * A 1080x1920 story as a JPEG: its background, our wordmark, what `paint` draws, and at the foot Spotify's
 * attribution and where to make one's own.
 */
export async function drawStory(
  frame: StoryFrame,
  paint: (ctx: CanvasRenderingContext2D) => void,
): Promise<Blob> {
  const { canvas, ctx } = createStoryCanvas();
  ctx.fillStyle = frame.background(ctx);
  ctx.fillRect(0, 0, STORY_WIDTH, STORY_HEIGHT);
  await drawWordmark(ctx, frame.productName, STORY_WIDTH / 2, ...frame.wordmark);
  paint(ctx);
  const { sizes, above } = frame.foot;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Shrunk to fit: some languages say it in many more letters than English.
  const width = STORY_WIDTH - 120;
  ctx.fillStyle = 'rgb(255 255 255 / 0.8)';
  const attribution = fitText(ctx, t('artist.story.attribution'), width, sizes[0], undefined, 700);
  ctx.fillText(attribution, STORY_WIDTH / 2, STORY_HEIGHT - above[0]);
  ctx.fillStyle = '#ffffff';
  const invitation = fitText(
    ctx,
    t('artist.story.findYours', { host: window.location.host }),
    width,
    sizes[1],
  );
  ctx.fillText(invitation, STORY_WIDTH / 2, STORY_HEIGHT - above[1]);
  return canvasToJpeg(canvas);
}
