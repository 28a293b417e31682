import type { Artist } from '@heavy-rotation/spotify';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadedConfig } from '../../config/app-config.ts';
import { freshMemory, freshPersisted } from '../../lib/artists-cache.ts';
import { describeError, type TopArtistsErrorKind } from './describe-error.ts';
import { fetchTopArtists } from './fetch-top-artists.ts';
import { useArtistImages } from './use-artist-images.ts';

/** Automatic retries stop after this many attempts (docs/product.md, "Loading the list"). */
const MAX_AUTO_RETRIES = 3;

export interface TopArtistsState {
  status: 'loading' | 'ready' | 'error';
  /** At most 40, in rank order. */
  artists: Artist[];
  error: string | null;
  errorKind: TopArtistsErrorKind | null;
  /** Manual retry: resets the attempt count and forces a fetch. */
  retry: () => void;
  /** Counts manual retries, so callers can redo work (e.g. regenerate messages) after one. */
  manualRetries: number;
}

type Loaded = Pick<TopArtistsState, 'status' | 'artists' | 'error' | 'errorKind'>;
const LOADING: Loaded = { status: 'loading', artists: [], error: null, errorKind: null };

/**
 * The list fetchTopArtists() would answer at once, read now (docs/product.md, "Loading the list": a saved
 * list under 2 h, then the memory copy under 5 min), so the screen's first frame is the list itself
 * rather than a spinner followed by it (docs/architecture.md, "The first frame").
 */
function savedList(): Loaded | undefined {
  const config = loadedConfig();
  const artists = config ? (freshPersisted(config.productName) ?? freshMemory()) : null;
  return artists ? { status: 'ready', artists, error: null, errorKind: null } : undefined;
}

/** The listener's top 40 with the Top 40 screen's retry policy: 1, 2, 4 s automatically, then by hand. */
export function useTopArtists(): TopArtistsState {
  const [saved] = useState(savedList);
  const [state, setState] = useState<Loaded>(saved ?? LOADING);
  const [request, setRequest] = useState({ id: 0, force: false, manual: 0 });
  const attempts = useRef(0);

  useEffect(() => {
    // The saved list is what the first request would answer: it is on screen already.
    if (saved && request.id === 0) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchTopArtists({ force: request.force }).then(
      (artists) => {
        if (!cancelled) setState({ status: 'ready', artists, error: null, errorKind: null });
      },
      (error: unknown) => {
        if (cancelled) return;
        const described = describeError(error);
        setState({ status: 'error', artists: [], error: described.message, errorKind: described.kind });
        if (described.autoRetry && attempts.current < MAX_AUTO_RETRIES) {
          const delay = 1000 * 2 ** attempts.current;
          attempts.current += 1;
          timer = setTimeout(() => {
            setState(LOADING);
            setRequest((r) => ({ ...r, id: r.id + 1, force: false }));
          }, delay);
        }
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [request, saved]);

  // Back online: fetch a fresh list in the background; the saved one stays on screen meanwhile.
  useEffect(() => {
    const refresh = () => setRequest((r) => ({ ...r, id: r.id + 1, force: true }));
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, []);

  // Images found later replace the list on screen (the saved list has them already).
  const filled = useCallback((artists: Artist[]) => {
    setState((s) => (s.status === 'ready' ? { ...s, artists } : s));
  }, []);
  useArtistImages(state.artists, state.status === 'ready', filled);

  const retry = useCallback(() => {
    attempts.current = 0;
    setState(LOADING);
    setRequest((r) => ({ id: r.id + 1, force: true, manual: r.manual + 1 }));
  }, []);

  return { ...state, retry, manualRetries: request.manual };
}
