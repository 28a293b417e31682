import type { Artist } from '@heavy-rotation/spotify';
import { useEffect, useMemo, useState } from 'react';
import { afterLoad, pageSettled } from '../../boot/after-load.ts';
import { imageUrl } from '../../lib/artist-image.ts';

const IMAGE_SPACING_MS = 50;
const ROW_IMAGE_PX = 112;

function rowImageUrl(artist: Artist): string | undefined {
  return imageUrl(artist.images, ROW_IMAGE_PX);
}

/**
 * Releases the revealed rows' images one every 50 ms. A locked artist's image is never requested: even a
 * request in the background would name the artist to anyone watching the network (docs/product.md,
 * "Nothing gives a locked artist away"). Returns index → url of the released rows.
 */
export function useImageQueue(artists: Artist[], revealed: number[]): Map<number, string> {
  const [released, setReleased] = useState<Map<number, string>>(() => new Map());
  const revealedKey = revealed.join(',');
  const order = useMemo(() => (revealedKey ? revealedKey.split(',').map(Number) : []), [revealedKey]);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let cancelled = false;
    const release = () => {
      if (cancelled) return;
      order.forEach((index, position) => {
        timers.push(
          setTimeout(() => {
            const artist = artists[index];
            const url = artist ? rowImageUrl(artist) : undefined;
            if (url) setReleased((prev) => (prev.get(index) === url ? prev : new Map(prev).set(index, url)));
          }, position * IMAGE_SPACING_MS),
        );
      });
    };
    // On the page's first screen the images wait until the rows are painted: a request started before
    // that frame competes with it on a slow network (docs/architecture.md, "The first frame").
    if (pageSettled()) release();
    else afterLoad(release);
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
    };
  }, [order, artists]);

  return released;
}
