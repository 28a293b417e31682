import { createClient, getArtist, SpotifyApiError } from '@heavy-rotation/spotify';
import { loadConfig } from '../../config/app-config.ts';
import { readString, writeString } from '../../lib/storage.ts';
import { tokenSource } from '../../lib/token-source.ts';

export const linkCacheKey = (artistId: string) => `spotify_url_${artistId}`;

/** A URL-safe name of the app for the campaign parameter ('Heavy Rotation' → 'heavy-rotation'). */
export function appSlug(productName: string): string {
  return (
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'app'
  );
}

/**
 * The provider link with campaign parameters naming the app. Only http(s) links are accepted, so a
 * bad reply can never become a `javascript:` href.
 */
export function withCampaign(link: string, productName: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('utm_source', appSlug(productName));
  url.searchParams.set('utm_medium', 'referral');
  url.searchParams.set('utm_campaign', 'share');
  return url.toString();
}

function readCached(artistId: string): string | null {
  const cached = readString(linkCacheKey(artistId));
  return cached && withCampaign(cached, 'x') ? cached : null;
}

async function fetchLink(artistId: string, signal?: AbortSignal): Promise<string> {
  const tokens = tokenSource();
  let token = await tokens.getAccessToken();
  if (!token) throw new Error('No access token available');
  const config = await loadConfig();
  const client = createClient({
    baseUrl: config.spotifyApiUrl,
    getAccessToken: () => token ?? '',
    onUnauthorized: async () => {
      token = await tokens.refreshAfterUnauthorized(token);
    },
    retry: { limit: 1, delayMs: 400, maxRetryAfter: 5 },
  });
  let artist: Awaited<ReturnType<typeof getArtist>>;
  try {
    artist = await getArtist(client, artistId, { signal });
  } catch (error) {
    if (error instanceof SpotifyApiError) throw new Error(`Failed to fetch artist data: ${error.status}`);
    throw error;
  }
  const raw = artist?.external_urls?.spotify;
  const link = typeof raw === 'string' ? withCampaign(raw, config.productName) : null;
  if (!link) throw new Error('No Spotify URL found for artist');
  writeString(linkCacheKey(artistId), link);
  return link;
}

const KNOWN = new Set(['No access token available', 'No Spotify URL found for artist']);

/**
 * Spec §4 share link: the cached link when there is one (no call), else the provider's artist
 * endpoint. Errors carry the product's messages; anything unexpected becomes 'Failed to get Spotify URL'.
 */
export async function getSpotifyLink(artistId: string, signal?: AbortSignal): Promise<string> {
  const cached = readCached(artistId);
  if (cached) return cached;
  try {
    return await fetchLink(artistId, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : '';
    if (KNOWN.has(message) || message.startsWith('Failed to fetch artist data:')) throw error;
    throw new Error('Failed to get Spotify URL');
  }
}
