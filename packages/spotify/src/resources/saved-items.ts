import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';

// The current library endpoints take Spotify URIs of any kind, 40 per call.
const LIMIT = 40;

async function change(client: SpotifyClient, method: string, uris: readonly string[], options?: CallOptions) {
  await inBatches(uris, LIMIT, (chunk) =>
    client.command(method, '/me/library', { query: { uris: chunk.join(',') }, ...options }),
  );
}

/** Save Items to Library (tracks, albums, episodes, shows, audiobooks, by URI). */
export function saveLibraryItems(
  client: SpotifyClient,
  uris: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'PUT', uris, options);
}

/** Remove Items from Library. */
export function removeLibraryItems(
  client: SpotifyClient,
  uris: readonly string[],
  options?: CallOptions,
): Promise<void> {
  return change(client, 'DELETE', uris, options);
}

/** Check User's Saved Items (one boolean per URI). */
export async function checkLibraryContains(
  client: SpotifyClient,
  uris: readonly string[],
  options?: CallOptions,
): Promise<boolean[]> {
  const pages = await inBatches(uris, LIMIT, (chunk) =>
    client.request<boolean[]>('GET', '/me/library/contains', {
      query: { uris: chunk.join(',') },
      ...options,
    }),
  );
  return pages.flat();
}
