import type { SpotifyClient } from '../client.ts';
import type { Artist } from '../types.ts';

/** Get Artist. */
export function getArtist(client: SpotifyClient, id: string, signal?: AbortSignal): Promise<Artist> {
  return client.request('GET', `/artists/${encodeURIComponent(id)}`, { signal });
}
