import type { CallOptions, SpotifyClient } from '../client.ts';
import type { Artist, CurrentUser, PageQuery, Paging, PublicUser, TimeRange, Track } from '../types.ts';

export interface TopItemsQuery extends PageQuery {
  time_range?: TimeRange;
}

/** Get Current User's Profile. */
export function getCurrentUserProfile(client: SpotifyClient, options?: CallOptions): Promise<CurrentUser> {
  return client.request('GET', '/me', options);
}

/** Get User's Top Items (artists). */
export function getMyTopArtists(
  client: SpotifyClient,
  query?: TopItemsQuery,
  options?: CallOptions,
): Promise<Paging<Artist>> {
  return client.request('GET', '/me/top/artists', { query, ...options });
}

/** Get User's Top Items (tracks). */
export function getMyTopTracks(
  client: SpotifyClient,
  query?: TopItemsQuery,
  options?: CallOptions,
): Promise<Paging<Track>> {
  return client.request('GET', '/me/top/tracks', { query, ...options });
}

/**
 * Get User's Profile.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getUserProfile(
  client: SpotifyClient,
  userId: string,
  options?: CallOptions,
): Promise<PublicUser> {
  return client.request('GET', `/users/${encodeURIComponent(userId)}`, options);
}
