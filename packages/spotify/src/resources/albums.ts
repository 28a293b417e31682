import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Album, MarketQuery, PageQuery, Paging, SimplifiedAlbum, SimplifiedTrack } from '../types.ts';

/** Get Album. */
export function getAlbum(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery,
  options?: CallOptions,
): Promise<Album> {
  return client.request('GET', `/albums/${encodeURIComponent(id)}`, { query, ...options });
}

/**
 * Get Several Albums; sends 20 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralAlbums(
  client: SpotifyClient,
  ids: readonly string[],
  query?: MarketQuery,
  options?: CallOptions,
): Promise<{ albums: (Album | null)[] }> {
  const pages = await inBatches(ids, 20, (chunk) =>
    client.request<{ albums: (Album | null)[] }>('GET', '/albums', {
      query: { ...query, ids: chunk.join(',') },
      ...options,
    }),
  );
  return { albums: pages.flatMap((page) => page.albums) };
}

/** Get Album Tracks. */
export function getAlbumTracks(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<SimplifiedTrack>> {
  return client.request('GET', `/albums/${encodeURIComponent(id)}/tracks`, { query, ...options });
}

/**
 * Get New Releases.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getNewReleases(
  client: SpotifyClient,
  query?: PageQuery,
  options?: CallOptions,
): Promise<{ albums: Paging<SimplifiedAlbum> }> {
  return client.request('GET', '/browse/new-releases', { query, ...options });
}
