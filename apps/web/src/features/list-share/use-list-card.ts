import { useEffect, useState } from 'react';
import { CARD_HEIGHT, CARD_WIDTH } from './list-rows.ts';

/** Room the close button and the Share button take around the card. */
const RESERVED_HEIGHT = 200;
const SIDE_MARGIN = 24;

function fit(): number {
  return Math.min(
    1,
    (window.innerWidth - SIDE_MARGIN) / CARD_WIDTH,
    (window.innerHeight - RESERVED_HEIGHT) / CARD_HEIGHT,
  );
}

/** The scale that fits the 414x896 card into the viewport, kept up to date on resize. */
export function useFitScale(): number {
  const [scale, setScale] = useState(fit);
  useEffect(() => {
    const update = () => setScale(fit());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return Math.max(scale, 0.3);
}

/** True once every given image has loaded or failed (failures are only logged). */
export function useImagesReady(urls: string[]): boolean {
  const key = urls.join('\n');
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const list = key ? key.split('\n') : [];
    Promise.all(
      list.map((url) => {
        const img = new Image();
        img.crossOrigin = 'anonymous';
        img.src = url;
        return img.decode().catch(() => console.warn('List card: a cover failed to load'));
      }),
    ).then(() => {
      if (alive) setReady(key);
    });
    return () => {
      alive = false;
    };
  }, [key]);
  return ready === key;
}
