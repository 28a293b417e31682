import { inBatches } from '../batch.ts';
import type { CallOptions, SpotifyClient } from '../client.ts';
import type { AudioAnalysis, AudioFeatures, Recommendations } from '../types.ts';

/**
 * Get Track's Audio Features.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getAudioFeatures(
  client: SpotifyClient,
  id: string,
  options?: CallOptions,
): Promise<AudioFeatures> {
  return client.request('GET', `/audio-features/${encodeURIComponent(id)}`, options);
}

/**
 * Get Several Tracks' Audio Features; sends 100 ids per call, the documented maximum.
 * @deprecated Spotify marks this operation deprecated.
 */
export async function getSeveralAudioFeatures(
  client: SpotifyClient,
  ids: readonly string[],
  options?: CallOptions,
): Promise<{ audio_features: (AudioFeatures | null)[] }> {
  const pages = await inBatches(ids, 100, (chunk) =>
    client.request<{ audio_features: (AudioFeatures | null)[] }>('GET', '/audio-features', {
      query: { ids: chunk.join(',') },
      ...options,
    }),
  );
  return { audio_features: pages.flatMap((page) => page.audio_features) };
}

/**
 * Get Track's Audio Analysis.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getAudioAnalysis(
  client: SpotifyClient,
  id: string,
  options?: CallOptions,
): Promise<AudioAnalysis> {
  return client.request('GET', `/audio-analysis/${encodeURIComponent(id)}`, options);
}

/** Seeds (comma lists, up to 5 seeds in all) and tunable attributes such as `target_energy`. */
export interface RecommendationsQuery {
  seed_artists?: string;
  seed_genres?: string;
  seed_tracks?: string;
  limit?: number;
  market?: string;
  [tunable: `${'min' | 'max' | 'target'}_${string}`]: number | undefined;
}

/**
 * Get Recommendations.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getRecommendations(
  client: SpotifyClient,
  query: RecommendationsQuery,
  options?: CallOptions,
): Promise<Recommendations> {
  return client.request('GET', '/recommendations', { query, ...options });
}

/**
 * Get Available Genre Seeds.
 * @deprecated Spotify marks this operation deprecated.
 */
export function getAvailableGenreSeeds(
  client: SpotifyClient,
  options?: CallOptions,
): Promise<{ genres: string[] }> {
  return client.request('GET', '/recommendations/available-genre-seeds', options);
}
