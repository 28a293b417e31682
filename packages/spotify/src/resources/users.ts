import type { SpotifyClient } from '../client.ts';
import type { Artist, CurrentUser, Paging, TimeRange } from '../types.ts';

/** Get Current User's Profile. */
export function getCurrentUserProfile(client: SpotifyClient, signal?: AbortSignal): Promise<CurrentUser> {
  return client.request('GET', '/me', { signal });
}

/** Get User's Top Items (artists). */
export function getMyTopArtists(
  client: SpotifyClient,
  params: { limit?: number; offset?: number; time_range?: TimeRange } = {},
  signal?: AbortSignal,
): Promise<Paging<Artist>> {
  return client.request('GET', '/me/top/artists', { query: params, signal });
}
