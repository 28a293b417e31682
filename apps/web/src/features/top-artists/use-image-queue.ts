import type { Artist } from '@heavy-rotation/spotify';
import { useEffect, useMemo, useState } from 'react';

export const IMAGE_SPACING_MS = 50;
const ROW_IMAGE_PX = 112;

/** The artist's first image, or a smaller one from the same list when the first is far larger than a row needs. */
export function rowImageUrl(artist: Artist): string | undefined {
  const images = Array.isArray(artist.images) ? artist.images : [];
  const fitting = images
    .filter((image) => typeof image.width === 'number' && image.width >= ROW_IMAGE_PX)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0))[0];
  return (fitting ?? images[0])?.url;
}

/**
 * Releases row images one every 50 ms, revealed rows first; locked artists' images are only warmed in
 * the browser cache (never put in the page) so a reveal shows at once. Returns index → url of the
 * released revealed rows.
 */
export function useImageQueue(artists: Artist[], revealed: number[]): Map<number, string> {
  const [released, setReleased] = useState<Map<number, string>>(() => new Map());
  const revealedKey = revealed.join(',');
  const order = useMemo(() => {
    const shown = new Set(revealedKey ? revealedKey.split(',').map(Number) : []);
    const indices = artists.map((_, i) => i);
    return [...indices.filter((i) => shown.has(i)), ...indices.filter((i) => !shown.has(i))].map((i) => ({
      index: i,
      shown: shown.has(i),
    }));
  }, [artists, revealedKey]);

  useEffect(() => {
    const timers = order.map(({ index, shown }, position) =>
      setTimeout(() => {
        const artist = artists[index];
        const url = artist ? rowImageUrl(artist) : undefined;
        if (!url) return;
        if (shown) setReleased((prev) => (prev.get(index) === url ? prev : new Map(prev).set(index, url)));
        else new Image().src = url;
      }, position * IMAGE_SPACING_MS),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [order, artists]);

  return released;
}
