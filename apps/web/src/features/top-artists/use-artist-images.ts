import type { Artist } from '@heavy-rotation/spotify';
import { useEffect } from 'react';
import { loadedConfig } from '../../config/app-config.ts';
import { DEFAULT_PRODUCT_NAME } from '../../config/validate-config.ts';
import { fillArtistImages } from '../../lib/artist-images.ts';
import { saveArtists } from '../../lib/artists-cache.ts';
import { currentListener } from '../../lib/listener.ts';

/** How often one artist is asked about while the server has not finished looking, and how far apart. */
const MAX_ASKS = 8;
const ASK_GAP_MS = 3000;
// For this page's life: how often each artist was asked about, which searches are over, and when the
// next ask may go (a list that changed on screen does not make it sooner).
const asks = new Map<string, number>();
const settled = new Set<string>();
let nextAskAt = 0;

/**
 * Images for a list from a source that gives none (Last.fm, ListenBrainz, a Spotify data export): the
 * list shows at once with drawn placeholders, and images fill in as our server finds them, saved with
 * the list (docs/product.md, "Artist images"). A Spotify list already has its images: nothing is asked.
 */
export function useArtistImages(
  artists: Artist[],
  ready: boolean,
  onFilled: (artists: Artist[]) => void,
): void {
  useEffect(() => {
    const kind = currentListener().kind;
    if (!ready || !(kind === 'source' || kind === 'export')) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fill = async (list: Artist[]) => {
      const wait = nextAskAt - Date.now();
      if (wait > 0) {
        timer = setTimeout(() => fill(list), wait);
        return;
      }
      const skip = new Set([...settled, ...[...asks].filter(([, n]) => n >= MAX_ASKS).map(([id]) => id)]);
      const asked = list.filter((a) => a.images.length === 0 && !skip.has(a.id));
      if (asked.length === 0) return;
      for (const a of asked) asks.set(a.id, (asks.get(a.id) ?? 0) + 1);
      try {
        const result = await fillArtistImages(list, skip, controller.signal);
        nextAskAt = Date.now() + ASK_GAP_MS;
        for (const a of asked) if (!result.pending.includes(a.id)) settled.add(a.id);
        if (result.changed) {
          saveArtists(loadedConfig()?.productName ?? DEFAULT_PRODUCT_NAME, result.artists);
          // The list on screen changes, and this effect runs again for what is still pending.
          onFilled(result.artists);
        } else if (result.pending.length > 0) {
          timer = setTimeout(() => fill(list), ASK_GAP_MS);
        }
      } catch {
        // Offline or the server busy: the drawn placeholders stay, and the next visit asks again.
        nextAskAt = Date.now() + ASK_GAP_MS;
      }
    };
    fill(artists);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [artists, ready, onFilled]);
}
