import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Image, MarketQuery, PageQuery, Paging, Playlist, SimplifiedPlaylist } from '../types.ts';

export interface PlaylistDetails {
  name?: string;
  public?: boolean;
  collaborative?: boolean;
  description?: string;
}

export interface PlaylistQuery extends MarketQuery {
  fields?: string;
  additional_types?: string;
}

const at = (id: string, rest = '') => `/playlists/${encodeURIComponent(id)}${rest}`;

/** Get Playlist. */
export function getPlaylist(
  client: SpotifyClient,
  id: string,
  query?: PlaylistQuery,
  options?: CallOptions,
): Promise<Playlist> {
  return client.request('GET', at(id), { query, ...options });
}

/** Change Playlist Details. */
export function changePlaylistDetails(
  client: SpotifyClient,
  id: string,
  details: PlaylistDetails,
  options?: CallOptions,
): Promise<void> {
  return client.command('PUT', at(id), { body: details, ...options });
}

/** Get Current User's Playlists. */
export function getCurrentUserPlaylists(
  client: SpotifyClient,
  query?: PageQuery,
  options?: CallOptions,
): Promise<Paging<SimplifiedPlaylist>> {
  return client.request('GET', '/me/playlists', { query, ...options });
}

/** Create Playlist (for the current user). */
export function createPlaylist(
  client: SpotifyClient,
  details: PlaylistDetails & { name: string },
  options?: CallOptions,
): Promise<Playlist> {
  return client.request('POST', '/me/playlists', { body: details, ...options });
}

/**
 * Get User's Playlists.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getUserPlaylists(
  client: SpotifyClient,
  userId: string,
  query?: PageQuery,
  options?: CallOptions,
): Promise<Paging<SimplifiedPlaylist>> {
  return client.request('GET', `/users/${encodeURIComponent(userId)}/playlists`, { query, ...options });
}

/**
 * Create Playlist for a user.
 * @deprecated Spotify marks this operation deprecated; use `createPlaylist`.
 */
export function createPlaylistForUser(
  client: SpotifyClient,
  userId: string,
  details: PlaylistDetails & { name: string },
  options?: CallOptions,
): Promise<Playlist> {
  return client.request('POST', `/users/${encodeURIComponent(userId)}/playlists`, {
    body: details,
    ...options,
  });
}

/** Get Playlist Cover Image. */
export function getPlaylistCoverImage(
  client: SpotifyClient,
  id: string,
  options?: CallOptions,
): Promise<Image[]> {
  return client.request('GET', at(id, '/images'), options);
}

/** The largest cover Spotify accepts: 256 KB of base64 payload. */
export const MAX_COVER_BYTES = 256 * 1024;

/**
 * Add Custom Playlist Cover Image: a base64 JPEG (a `data:image/jpeg;base64,` prefix is stripped),
 * sent raw with `Content-Type: image/jpeg`. Rejects payloads over 256 KB before sending.
 */
export async function uploadPlaylistCoverImage(
  client: SpotifyClient,
  id: string,
  jpegBase64: string,
  options?: CallOptions,
): Promise<void> {
  const body = jpegBase64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (body.length > MAX_COVER_BYTES) {
    throw new RangeError(`Playlist cover is ${body.length} bytes; the limit is ${MAX_COVER_BYTES}`);
  }
  await client.request('PUT', at(id, '/images'), { body, contentType: 'image/jpeg', ...options });
}
