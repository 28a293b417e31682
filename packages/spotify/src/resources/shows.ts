import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Episode, MarketQuery, PageQuery, Paging, Show, SimplifiedEpisode } from '../types.ts';

/** Get Show. */
export function getShow(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery,
  options?: CallOptions,
): Promise<Show> {
  return client.request('GET', `/shows/${encodeURIComponent(id)}`, { query, ...options });
}

/**
 * Get Several Shows; sends 50 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralShows(
  client: SpotifyClient,
  ids: readonly string[],
  query?: MarketQuery,
  options?: CallOptions,
): Promise<{ shows: (Show | null)[] }> {
  const pages = await inBatches(ids, 50, (chunk) =>
    client.request<{ shows: (Show | null)[] }>('GET', '/shows', {
      query: { ...query, ids: chunk.join(',') },
      ...options,
    }),
  );
  return { shows: pages.flatMap((page) => page.shows) };
}

/** Get Show Episodes. */
export function getShowEpisodes(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<SimplifiedEpisode>> {
  return client.request('GET', `/shows/${encodeURIComponent(id)}/episodes`, { query, ...options });
}

/** Get Episode. */
export function getEpisode(
  client: SpotifyClient,
  id: string,
  query?: MarketQuery,
  options?: CallOptions,
): Promise<Episode> {
  return client.request('GET', `/episodes/${encodeURIComponent(id)}`, { query, ...options });
}

/**
 * Get Several Episodes; sends 50 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralEpisodes(
  client: SpotifyClient,
  ids: readonly string[],
  query?: MarketQuery,
  options?: CallOptions,
): Promise<{ episodes: (Episode | null)[] }> {
  const pages = await inBatches(ids, 50, (chunk) =>
    client.request<{ episodes: (Episode | null)[] }>('GET', '/episodes', {
      query: { ...query, ids: chunk.join(',') },
      ...options,
    }),
  );
  return { episodes: pages.flatMap((page) => page.episodes) };
}
