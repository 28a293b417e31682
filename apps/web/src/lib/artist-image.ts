import type { Image } from '@heavy-rotation/spotify';

/**
 * The one image picker: the smallest of an artist's images at least `minWidth` pixels wide, else the
 * largest there is. Spotify gives 640, 300 and 64 px; a row wants about 112, a card 480.
 */
export function imageUrl(images: readonly Image[] | undefined, minWidth: number): string | undefined {
  const bySize = [...(images ?? [])].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (bySize.find((image) => (image.width ?? 0) >= minWidth) ?? bySize.at(-1))?.url;
}
