import type { Artist } from '@heavy-rotation/spotify';
import { t } from '../../i18n/i18n.ts';
import { imageUrl } from '../../lib/artist-image.ts';
import { rankColour, rankScale, rowWidth } from '../../lib/rank-scale.ts';

export const CARD_WIDTH = 414;
export const CARD_HEIGHT = 896;
export const MAX_ROWS = 40;

/** The list card's rows: 370 px minus 4 px per zero-based rank. */
export const listRowWidth = rowWidth;

/** The list card's colours: the rank scale in 41 steps. */
export const LIST_GRADIENT: readonly string[] = rankScale(41);

export function listRowColour(rank: number): string {
  return rankColour(rank, 41);
}

/** The smallest of the artist's images: the card's covers are tiny. */
export function coverUrl(artist: Artist): string | undefined {
  return imageUrl(artist.images, 0);
}

/** The list's share text; a game played in hard mode says so (docs/product.md, "Hard mode"). */
export function listShareText(hard: boolean): string {
  return hard ? t('top40.shareTextHard') : t('top40.shareText');
}
