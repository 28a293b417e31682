import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { PageQuery, Paging, PlaylistItem, PlaylistSnapshot } from '../types.ts';
import type { PlaylistQuery } from './playlists.ts';

export interface ReorderItems {
  range_start: number;
  insert_before: number;
  range_length?: number;
  snapshot_id?: string;
}

export interface RemoveTracks {
  /** Items to remove, each by URI (optionally at given positions). */
  tracks?: { uri: string; positions?: number[] }[];
  positions?: number[];
  snapshot_id?: string;
}

const at = (id: string, kind: string) => `/playlists/${encodeURIComponent(id)}/${kind}`;

async function add(
  client: SpotifyClient,
  kind: string,
  id: string,
  uris: readonly string[],
  position?: number,
  o?: CallOptions,
) {
  let done = 0;
  const results = await inBatches(uris, 100, (chunk) => {
    const body = { uris: chunk, position: position === undefined ? undefined : position + done };
    done += chunk.length;
    return client.request<PlaylistSnapshot>('POST', at(id, kind), { body, ...o });
  });
  const last = results.at(-1);
  if (!last) throw new RangeError('No items to add');
  return last;
}

/** Get Playlist Items. */
export function getPlaylistItems(
  client: SpotifyClient,
  id: string,
  query?: PlaylistQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<PlaylistItem>> {
  return client.request('GET', at(id, 'items'), { query, ...options });
}

/** Add Items to Playlist (100 per call; later chunks keep their order after `position`). */
export function addItemsToPlaylist(
  client: SpotifyClient,
  id: string,
  uris: readonly string[],
  position?: number,
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return add(client, 'items', id, uris, position, options);
}

/** Update Playlist Items: replace every item (up to 100 URIs) or reorder a range. */
export function updatePlaylistItems(
  client: SpotifyClient,
  id: string,
  change: { uris: readonly string[] } | ReorderItems,
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return client.request('PUT', at(id, 'items'), { body: change, ...options });
}

/** Remove Playlist Items. */
export function removePlaylistItems(
  client: SpotifyClient,
  id: string,
  change: { items: { uri: string }[]; snapshot_id?: string },
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return client.request('DELETE', at(id, 'items'), { body: change, ...options });
}

/**
 * Get Playlist Items (old path).
 * @deprecated Spotify marks this operation deprecated; use `getPlaylistItems`.
 */
export function getPlaylistTracks(
  client: SpotifyClient,
  id: string,
  query?: PlaylistQuery & PageQuery,
  options?: CallOptions,
): Promise<Paging<PlaylistItem>> {
  return client.request('GET', at(id, 'tracks'), { query, ...options });
}

/**
 * Add Items to Playlist (old path).
 * @deprecated Spotify marks this operation deprecated; use `addItemsToPlaylist`.
 */
export function addTracksToPlaylist(
  client: SpotifyClient,
  id: string,
  uris: readonly string[],
  position?: number,
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return add(client, 'tracks', id, uris, position, options);
}

/**
 * Update Playlist Items (old path): replace with `uris` or reorder a range.
 * @deprecated Spotify marks this operation deprecated; use `updatePlaylistItems`.
 */
export function updatePlaylistTracks(
  client: SpotifyClient,
  id: string,
  change: { uris: readonly string[] } | ReorderItems,
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return client.request('PUT', at(id, 'tracks'), { body: change, ...options });
}

/**
 * Remove Playlist Items (old path): by `tracks`, or by `positions` with `snapshot_id`.
 * @deprecated Spotify marks this operation deprecated; use `removePlaylistItems`.
 */
export function removeTracksFromPlaylist(
  client: SpotifyClient,
  id: string,
  change: RemoveTracks,
  options?: CallOptions,
): Promise<PlaylistSnapshot> {
  return client.request('DELETE', at(id, 'tracks'), { body: change, ...options });
}
