import {
  canvasToJpeg,
  createStoryCanvas,
  drawWordmark,
  fitText,
  loadCorsImage,
  STORY_FONT,
  STORY_HEIGHT,
  STORY_WIDTH,
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

function background(ctx: CanvasRenderingContext2D, colour: Rgb): void {
  const [r, g, b] = colour;
  const gradient = ctx.createLinearGradient(0, 0, 0, STORY_HEIGHT);
  gradient.addColorStop(0, toCss(colour));
  gradient.addColorStop(0.55, `rgb(${r * 0.45} ${g * 0.45} ${b * 0.45})`);
  gradient.addColorStop(1, '#0b0b0f');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, STORY_WIDTH, STORY_HEIGHT);
}

/** The share card as a 1080x1920 JPEG: gradient, wordmark, card, message and Spotify attribution. */
export async function drawArtistStory(story: ArtistStory): Promise<Blob> {
  const { canvas, ctx } = createStoryCanvas();
  const image = await loadCorsImage(story.imageUrl);
  background(ctx, story.colour);
  await drawWordmark(ctx, story.productName, STORY_WIDTH / 2, 140, 440);

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
  ctx.font = `800 56px ${STORY_FONT}`;
  ctx.fillText(`My #${story.rank} Artist`, STORY_WIDTH / 2, CARD_Y + CARD - 60);

  ctx.fillStyle = '#ffffff';
  ctx.font = `700 54px ${STORY_FONT}`;
  const lines = wrapLines(ctx, story.message, STORY_WIDTH - 160, 4);
  lines.forEach((line, i) => {
    ctx.fillText(line, STORY_WIDTH / 2, CARD_Y + CARD + 120 + i * 70);
  });

  ctx.fillStyle = 'rgb(255 255 255 / 0.8)';
  ctx.font = `700 40px ${STORY_FONT}`;
  ctx.fillText('Artist data and artwork from Spotify', STORY_WIDTH / 2, STORY_HEIGHT - 150);
  ctx.font = `800 44px ${STORY_FONT}`;
  ctx.fillStyle = '#ffffff';
  ctx.fillText(`Find yours: ${window.location.host}`, STORY_WIDTH / 2, STORY_HEIGHT - 86);
  return canvasToJpeg(canvas);
}
