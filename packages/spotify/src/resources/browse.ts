import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Category, PageQuery, Paging, SimplifiedPlaylist } from '../types.ts';

export interface LocaleQuery {
  /** e.g. `es_MX` */
  locale?: string;
}

/**
 * Get Featured Playlists.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getFeaturedPlaylists(
  client: SpotifyClient,
  query?: LocaleQuery & PageQuery,
  options?: CallOptions,
): Promise<{ message?: string; playlists: Paging<SimplifiedPlaylist> }> {
  return client.request('GET', '/browse/featured-playlists', { query, ...options });
}

/**
 * Get Several Browse Categories.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getCategories(
  client: SpotifyClient,
  query?: LocaleQuery & PageQuery,
  options?: CallOptions,
): Promise<{ categories: Paging<Category> }> {
  return client.request('GET', '/browse/categories', { query, ...options });
}

/**
 * Get Single Browse Category.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getCategory(
  client: SpotifyClient,
  id: string,
  query?: LocaleQuery,
  options?: CallOptions,
): Promise<Category> {
  return client.request('GET', `/browse/categories/${encodeURIComponent(id)}`, { query, ...options });
}

/**
 * Get Category's Playlists.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getCategoryPlaylists(
  client: SpotifyClient,
  id: string,
  query?: PageQuery,
  options?: CallOptions,
): Promise<{ message?: string; playlists: Paging<SimplifiedPlaylist> }> {
  return client.request('GET', `/browse/categories/${encodeURIComponent(id)}/playlists`, {
    query,
    ...options,
  });
}
