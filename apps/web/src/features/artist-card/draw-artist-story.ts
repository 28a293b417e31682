import { t } from '../../i18n/i18n.ts';
import {
  drawStory,
  fitText,
  loadCorsImage,
  STORY_FONT,
  STORY_HEIGHT,
  STORY_WIDTH,
  type StoryFrame,
  wrapLines,
} from '../../lib/story-canvas.ts';
import { type Rgb, textOn, toCss } from './dominant-colour.ts';

export interface ArtistStory {
  name: string;
  rank: number;
  message: string;
  imageUrl: string | undefined;
  colour: Rgb;
  productName: string;
}

// The on-screen card (320 px, image 240 px) at three times the size.
const CARD = 960;
const IMAGE = 720;
const CARD_X = (STORY_WIDTH - CARD) / 2;
const CARD_Y = 380;

function background(ctx: CanvasRenderingContext2D, colour: Rgb): CanvasGradient {
  const [r, g, b] = colour;
  const gradient = ctx.createLinearGradient(0, 0, 0, STORY_HEIGHT);
  gradient.addColorStop(0, toCss(colour));
  gradient.addColorStop(0.55, `rgb(${r * 0.45} ${g * 0.45} ${b * 0.45})`);
  gradient.addColorStop(1, '#0b0b0f');
  return gradient;
}

/** The share card as a 1080x1920 JPEG: gradient, wordmark, card, message and Spotify attribution. */
export async function drawArtistStory(story: ArtistStory): Promise<Blob> {
  const image = await loadCorsImage(story.imageUrl);
  const frame: StoryFrame = {
    productName: story.productName,
    background: (ctx: CanvasRenderingContext2D) => background(ctx, story.colour),
    wordmark: [140, 440],
    foot: { sizes: [40, 44], above: [150, 86] },
  };
  return drawStory(frame, (ctx) => card(ctx, story, image));
}

function card(ctx: CanvasRenderingContext2D, story: ArtistStory, image: HTMLImageElement | null): void {
  ctx.save();
  ctx.shadowColor = 'rgb(0 0 0 / 0.45)';
  ctx.shadowBlur = 60;
  ctx.shadowOffsetY = 24;
  ctx.fillStyle = toCss(story.colour);
  ctx.beginPath();
  ctx.roundRect(CARD_X, CARD_Y, CARD, CARD, 56);
  ctx.fill();
  ctx.restore();

  const ink = textOn(story.colour);
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(fitText(ctx, story.name, CARD - 96, 68, 40, 900), STORY_WIDTH / 2, CARD_Y + 72);

  const imageX = (STORY_WIDTH - IMAGE) / 2;
  const imageY = CARD_Y + 120;
  ctx.save();
  ctx.shadowColor = 'rgb(0 0 0 / 0.35)';
  ctx.shadowBlur = 40;
  ctx.shadowOffsetY = 16;
  ctx.fillStyle = 'rgb(0 0 0 / 0.25)';
  ctx.beginPath();
  ctx.roundRect(imageX, imageY, IMAGE, IMAGE, 24);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(imageX, imageY, IMAGE, IMAGE, 24);
  ctx.clip();
  if (image) ctx.drawImage(image, imageX, imageY, IMAGE, IMAGE);
  ctx.restore();

  ctx.fillStyle = ink;
  ctx.fillText(
    fitText(ctx, t('artist.rank', { rank: story.rank }), CARD - 96, 56),
    STORY_WIDTH / 2,
    CARD_Y + CARD - 60,
  );

  ctx.fillStyle = '#ffffff';
  ctx.font = `700 54px ${STORY_FONT}`;
  const lines = wrapLines(ctx, story.message, STORY_WIDTH - 160, 4);
  lines.forEach((line, i) => {
    ctx.fillText(line, STORY_WIDTH / 2, CARD_Y + CARD + 120 + i * 70);
  });
}
