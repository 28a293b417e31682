import type { Artist } from '@heavy-rotation/spotify';

export const CARD_WIDTH = 414;
export const CARD_HEIGHT = 896;
export const MAX_ROWS = 40;

/** docs/product.md, "The list card and the share view": 370 px minus 4 px per zero-based rank. */
export function listRowWidth(rank: number): number {
  return 370 - 4 * rank;
}

// Light enough at every step for dark text (WCAG AA on #0b0b0f).
const STOPS: readonly (readonly [number, number, number])[] = [
  [255, 90, 79], // red
  [255, 159, 26], // orange
  [255, 214, 10], // yellow
  [52, 208, 88], // green
  [74, 163, 255], // blue
  [199, 125, 255], // purple
];

function hex(n: number): string {
  return Math.round(n).toString(16).padStart(2, '0');
}

/** docs/product.md, "The list card and the share view": 41 steps red, orange, yellow, green, blue, purple (first and last are the end colours). */
export const LIST_GRADIENT: readonly string[] = Array.from({ length: 41 }, (_, i) => {
  const position = (i / 40) * (STOPS.length - 1);
  const segment = Math.min(Math.floor(position), STOPS.length - 2);
  const t = position - segment;
  const from = STOPS[segment] ?? [0, 0, 0];
  const to = STOPS[segment + 1] ?? from;
  return `#${[0, 1, 2].map((c) => hex((from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t)).join('')}`;
});

export function listRowColour(rank: number): string {
  return LIST_GRADIENT[Math.min(Math.max(rank, 0), LIST_GRADIENT.length - 1)] ?? '#ff5a4f';
}

/** The smallest of the artist's images: the card's covers are tiny. */
export function coverUrl(artist: Artist): string | undefined {
  const images = [...artist.images].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return images[0]?.url;
}

export const LIST_SHARE_TEXT = "I got my Spotify top 40– what's yours?";
