import type { Artist } from '@heavy-rotation/spotify';
import { t } from '../../i18n/i18n.ts';
import {
  drawStory,
  fitText,
  loadCorsImage,
  STORY_FONT,
  STORY_WIDTH,
  type StoryFrame,
} from '../../lib/story-canvas.ts';
import { coverUrl, listRowColour, listRowWidth, MAX_ROWS } from './list-rows.ts';

const SCALE = 2.5;
const TOP = 280;
const STEP = 37;
const ROW = 33;

/** The ranked list as a 1080x1920 JPEG; locked rows show only their rank and a placeholder bar. */
export async function drawListStory(
  artists: Artist[],
  revealed: number[],
  productName: string,
): Promise<Blob> {
  const rows = artists.slice(0, MAX_ROWS);
  const shown = new Set(revealed);
  const covers = await Promise.all(rows.map((a, i) => (shown.has(i) ? loadCorsImage(coverUrl(a)) : null)));
  const frame: StoryFrame = {
    productName,
    background: () => '#0b0b0f',
    wordmark: [64, 400],
    foot: { sizes: [34, 40], above: [120, 66] },
  };
  return drawStory(frame, (ctx) => {
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = `900 46px ${STORY_FONT}`;
    ctx.fillText(t('top40.storyTitle'), STORY_WIDTH / 2, 226);

    rows.forEach((artist, i) => {
      const width = listRowWidth(i) * SCALE;
      const x = (STORY_WIDTH - width) / 2;
      const y = TOP + i * STEP;
      ctx.fillStyle = listRowColour(i);
      ctx.beginPath();
      ctx.roundRect(x, y, width, ROW, 10);
      ctx.fill();
      ctx.fillStyle = '#0b0b0f';
      ctx.textAlign = 'right';
      ctx.font = `900 22px ${STORY_FONT}`;
      ctx.fillText(String(i + 1), x + 44, y + ROW / 2 + 1);
      const coverX = x + 54;
      if (!shown.has(i)) {
        ctx.fillStyle = 'rgb(11 11 15 / 0.22)';
        ctx.beginPath();
        ctx.roundRect(coverX, y + 5, width * 0.5, ROW - 10, 8);
        ctx.fill();
        return;
      }
      const cover = covers[i];
      if (cover) ctx.drawImage(cover, coverX, y + 3, ROW - 6, ROW - 6);
      ctx.fillStyle = '#0b0b0f';
      ctx.textAlign = 'left';
      ctx.fillText(fitText(ctx, artist.name, width - 110, 22, 16, 800), coverX + ROW + 4, y + ROW / 2 + 1);
    });
  });
}
