import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { MarketQuery, PageQuery, Paging, SavedAlbum, SavedShow, SavedTrack } from '../types.ts';

type Kind = 'tracks' | 'albums' | 'shows';
// Documented per-call id limits.
const LIMIT = { tracks: 50, albums: 20, shows: 50 } as const;

async function change(
  client: SpotifyClient,
  method: string,
  kind: Kind,
  ids: readonly string[],
  o?: CallOptions,
) {
  await inBatches(ids, LIMIT[kind], (chunk) =>
    client.command(method, `/me/${kind}`, { body: { ids: chunk }, ...o }),
  );
}

async function contains(client: SpotifyClient, kind: Kind, ids: readonly string[], o?: CallOptions) {
  const pages = await inBatches(ids, LIMIT[kind], (chunk) =>
    client.request<boolean[]>('GET', `/me/${kind}/contains`, { query: { ids: chunk.join(',') }, ...o }),
  );
  return pages.flat();
}

/** Get User's Saved Tracks. */
export function getSavedTracks(
  client: SpotifyClient,
  query?: MarketQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<SavedTrack>> {
  return client.request('GET', '/me/tracks', { query, ...options });
}

/**
 * Save Tracks for Current User (ids in the body, 50 per call).
 * @deprecated Spotify marks this operation deprecated; use `saveLibraryItems`.
 */
export function saveTracks(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'PUT', 'tracks', ids, options);
}

/**
 * Remove User's Saved Tracks.
 * @deprecated Spotify marks this operation deprecated; use `removeLibraryItems`.
 */
export function removeSavedTracks(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'DELETE', 'tracks', ids, options);
}

/**
 * Check User's Saved Tracks.
 * @deprecated Spotify marks this operation deprecated; use `checkLibraryContains`.
 */
export function checkSavedTracks(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  return contains(client, 'tracks', ids, options);
}

/** Get User's Saved Albums. */
export function getSavedAlbums(
  client: SpotifyClient,
  query?: MarketQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<SavedAlbum>> {
  return client.request('GET', '/me/albums', { query, ...options });
}

/**
 * Save Albums for Current User (ids in the body, 20 per call).
 * @deprecated Spotify marks this operation deprecated; use `saveLibraryItems`.
 */
export function saveAlbums(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'PUT', 'albums', ids, options);
}

/**
 * Remove Users' Saved Albums.
 * @deprecated Spotify marks this operation deprecated; use `removeLibraryItems`.
 */
export function removeSavedAlbums(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'DELETE', 'albums', ids, options);
}

/**
 * Check User's Saved Albums.
 * @deprecated Spotify marks this operation deprecated; use `checkLibraryContains`.
 */
export function checkSavedAlbums(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  return contains(client, 'albums', ids, options);
}

/** Get User's Saved Shows. */
export function getSavedShows(
  client: SpotifyClient,
  query?: PageQuery,
  options?: CallOptions,
): Promise<Paging<SavedShow>> {
  return client.request('GET', '/me/shows', { query, ...options });
}

/**
 * Save Shows for Current User (ids in the body, 50 per call).
 * @deprecated Spotify marks this operation deprecated; use `saveLibraryItems`.
 */
export function saveShows(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'PUT', 'shows', ids, options);
}

/**
 * Remove User's Saved Shows.
 * @deprecated Spotify marks this operation deprecated; use `removeLibraryItems`.
 */
export function removeSavedShows(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'DELETE', 'shows', ids, options);
}

/**
 * Check User's Saved Shows.
 * @deprecated Spotify marks this operation deprecated; use `checkLibraryContains`.
 */
export function checkSavedShows(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  return contains(client, 'shows', ids, options);
}
