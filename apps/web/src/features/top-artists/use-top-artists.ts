import type { Artist } from '@heavy-rotation/spotify';
import { useCallback, useState } from 'react';
import { loadedConfig } from '../../config/app-config.ts';
import { freshMemory, freshPersisted } from '../../lib/artists-cache.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import { describeError, type TopArtistsErrorKind } from './describe-error.ts';
import { fetchTopArtists, type TopList } from './fetch-top-artists.ts';
import { useArtistImages } from './use-artist-images.ts';

/** Automatic retries stop after this many attempts (docs/product.md, "Loading the list"). */
const MAX_AUTO_RETRIES = 3;

export interface TopArtistsState {
  status: 'loading' | 'ready' | 'error';
  /** At most 40, in rank order. */
  artists: Artist[];
  /** The notice over a saved list while its source asks for a break. */
  notice: string | null;
  error: string | null;
  errorKind: TopArtistsErrorKind | null;
  /** Manual retry: resets the attempt count and forces a fetch. */
  retry: () => void;
  /** Counts manual retries, so callers can redo work (e.g. regenerate messages) after one. */
  manualRetries: number;
}

/**
 * The list fetchTopArtists() would answer at once, read now (docs/product.md, "Loading the list": a saved
 * list under 2 h, then the memory copy under 5 min), so the screen's first frame is the list itself
 * rather than a spinner followed by it (docs/architecture.md, "The first frame").
 */
function savedList(): TopList | undefined {
  const config = loadedConfig();
  const artists = config ? (freshPersisted(config.productName) ?? freshMemory()) : null;
  return artists ? { artists, notice: null } : undefined;
}

/** 1, 2 and 4 s after a failure worth retrying, then the listener's "Try Again". */
function retryAfter(failures: number, error: Error): number | null {
  return describeError(error).autoRetry && failures <= MAX_AUTO_RETRIES ? 1000 * 2 ** (failures - 1) : null;
}

const NO_ARTISTS: Artist[] = [];

/** The listener's top 40 with the Top 40 screen's retry policy; a fresh list when back online. */
export function useTopArtists(): TopArtistsState {
  const [saved] = useState(savedList);
  const list = useServerQuery('top-artists', ({ fresh }) => fetchTopArtists({ force: fresh }), {
    initial: saved,
    retryAfter,
    reconnect: true,
  });
  const [manualRetries, setManualRetries] = useState(0);
  // Images found later replace the list on screen (the saved list has them already).
  const [filled, setFilled] = useState<{ of: TopList; artists: Artist[] }>();
  const data = list.data;
  const artists = data ? (filled?.of === data ? filled.artists : data.artists) : NO_ARTISTS;
  const onFilled = useCallback(
    (next: Artist[]) => {
      if (data) setFilled({ of: data, artists: next });
    },
    [data],
  );
  const status = data ? 'ready' : list.error && !list.loading ? 'error' : 'loading';
  useArtistImages(artists, status === 'ready', onFilled);

  const { reload } = list;
  const retry = useCallback(() => {
    setManualRetries((n) => n + 1);
    reload();
  }, [reload]);

  const described = status === 'error' && list.error ? describeError(list.error) : null;
  return {
    status,
    artists,
    notice: data?.notice ?? null,
    error: described?.message ?? null,
    errorKind: described?.kind ?? null,
    retry,
    manualRetries,
  };
}
