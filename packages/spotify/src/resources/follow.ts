import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Artist, CursorPaging } from '../types.ts';

export type FollowType = 'artist' | 'user';

async function change(
  client: SpotifyClient,
  method: string,
  type: FollowType,
  ids: readonly string[],
  o?: CallOptions,
) {
  await inBatches(ids, 50, (chunk) =>
    client.command(method, '/me/following', { query: { type, ids: chunk.join(',') }, ...o }),
  );
}

/**
 * Follow Artists or Users (50 ids per call).
 * @deprecated Spotify marks this operation deprecated.
 */
export function followArtistsOrUsers(
  client: SpotifyClient,
  type: FollowType,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'PUT', type, ids, options);
}

/**
 * Unfollow Artists or Users.
 * @deprecated Spotify marks this operation deprecated.
 */
export function unfollowArtistsOrUsers(
  client: SpotifyClient,
  type: FollowType,
  ids: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'DELETE', type, ids, options);
}

/**
 * Check If User Follows Artists or Users.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function checkFollowing(
  client: SpotifyClient,
  type: FollowType,
  ids: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  const pages = await inBatches(ids, 50, (chunk) =>
    client.request<boolean[]>('GET', '/me/following/contains', {
      query: { type, ids: chunk.join(',') },
      ...options,
    }),
  );
  return pages.flat();
}

/** Get Followed Artists (cursor paging: pass the last artist id as `after`). */
export function getFollowedArtists(
  client: SpotifyClient,
  query?: { after?: string; limit?: number },
  options?: CallOptions,
): Promise<{ artists: CursorPaging<Artist> }> {
  return client.request('GET', '/me/following', { query: { type: 'artist', ...query }, ...options });
}

/**
 * Follow Playlist.
 * @deprecated Spotify marks this operation deprecated.
 */
export function followPlaylist(
  client: SpotifyClient,
  playlistId: string,
  body?: { public?: boolean },
  options?: CallOptions,
): Promise<void> {
  return client.command('PUT', `/playlists/${encodeURIComponent(playlistId)}/followers`, {
    body: body ?? {},
    ...options,
  });
}

/**
 * Unfollow Playlist.
 * @deprecated Spotify marks this operation deprecated.
 */
export function unfollowPlaylist(
  client: SpotifyClient,
  playlistId: string,
  options?: CallOptions,
): Promise<void> {
  return client.command('DELETE', `/playlists/${encodeURIComponent(playlistId)}/followers`, options);
}

/**
 * Check if Current User Follows Playlist (`ids`: the current user's id; one per call).
 * @deprecated Spotify marks this operation deprecated.
 */
export function checkPlaylistFollowers(
  client: SpotifyClient,
  playlistId: string,
  ids: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  return client.request('GET', `/playlists/${encodeURIComponent(playlistId)}/followers/contains`, {
    query: { ids: ids.join(',') },
    ...options,
  });
}
