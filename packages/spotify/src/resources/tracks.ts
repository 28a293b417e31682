import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { MarketQuery, Track } from '../types.ts';

/** Get Track. */
export function getTrack(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery,
  options?: CallOptions,
): Promise<Track> {
  return client.request('GET', `/tracks/${encodeURIComponent(id)}`, { query, ...options });
}

/**
 * Get Several Tracks; sends 50 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralTracks(
  client: SpotifyClient,
  ids: readonly string[],
  query?: MarketQuery,
  options?: CallOptions,
): Promise<{ tracks: (Track | null)[] }> {
  const pages = await inBatches(ids, 50, (chunk) =>
    client.request<{ tracks: (Track | null)[] }>('GET', '/tracks', {
      query: { ...query, ids: chunk.join(',') },
      ...options,
    }),
  );
  return { tracks: pages.flatMap((page) => page.tracks) };
}
