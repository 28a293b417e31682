import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Artist, MarketQuery, PageQuery, Paging, SimplifiedAlbum, Track } from '../types.ts';

/** Get Artist. */
export function getArtist(client: SpotifyClient, id: string, options?: CallOptions): Promise<Artist> {
  return client.request('GET', `/artists/${encodeURIComponent(id)}`, options);
}

/**
 * Get Several Artists; sends 50 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralArtists(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<{ artists: (Artist | null)[] }> {
  const pages = await inBatches(ids, 50, (chunk) =>
    client.request<{ artists: (Artist | null)[] }>('GET', '/artists', {
      query: { ids: chunk.join(',') },
      ...options,
    }),
  );
  return { artists: pages.flatMap((page) => page.artists) };
}

export interface ArtistAlbumsQuery extends MarketQuery, PageQuery {
  /** Comma list of album, single, appears_on, compilation. */
  include_groups?: string;
}

/** Get Artist's Albums. */
export function getArtistAlbums(
  client: SpotifyClient,
  id: string,
  query?: ArtistAlbumsQuery,
  options?: CallOptions,
): Promise<Paging<SimplifiedAlbum>> {
  return client.request('GET', `/artists/${encodeURIComponent(id)}/albums`, { query, ...options });
}

/**
 * Get Artist's Top Tracks (`market` is the current name of the old `country` parameter).
 * @deprecated Spotify marks this operation deprecated.
 */
export function getArtistTopTracks(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery,
  options?: CallOptions,
): Promise<{ tracks: Track[] }> {
  return client.request('GET', `/artists/${encodeURIComponent(id)}/top-tracks`, { query, ...options });
}

/**
 * Get Artist's Related Artists.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getArtistRelatedArtists(
  client: SpotifyClient,
  id: string,
  options?: CallOptions,
): Promise<{ artists: Artist[] }> {
  return client.request('GET', `/artists/${encodeURIComponent(id)}/related-artists`, options);
}
