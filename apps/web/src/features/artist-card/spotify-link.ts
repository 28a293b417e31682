import { createClient, getArtist, SpotifyApiError } from '@heavy-rotation/spotify';
import { loadConfig } from '../../config/app-config.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { currentListener } from '../../lib/listener.ts';
import { spotifyUrlKey } from '../../lib/session.ts';
import { readString, writeString } from '../../lib/storage.ts';

/** A link failure with its own words for the toast ('No Spotify URL found for artist', ...). */
class ShareLinkError extends Error {
  override readonly name = 'ShareLinkError';
}

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
  const cached = readString(spotifyUrlKey(artistId));
  return cached && withCampaign(cached, 'x') ? cached : null;
}

async function fetchLink(artistId: string, signal?: AbortSignal): Promise<string> {
  const listener = currentListener();
  if (listener.kind !== 'spotify') throw new SignedOutError('No access token available');
  let token = await listener.token();
  if (!token) throw new SignedOutError('No access token available');
  const config = await loadConfig();
  const client = createClient({
    baseUrl: config.spotifyApiUrl,
    getAccessToken: () => token ?? '',
    onUnauthorized: async () => {
      token = await listener.tokenAfterUnauthorized(token);
    },
    retry: { limit: 1, delayMs: 400, maxRetryAfter: 5 },
  });
  let artist: Awaited<ReturnType<typeof getArtist>>;
  try {
    artist = await getArtist(client, artistId, { signal });
  } catch (error) {
    if (error instanceof SpotifyApiError)
      throw new ShareLinkError(`Failed to fetch artist data: ${error.status}`);
    throw error;
  }
  const raw = artist?.external_urls?.spotify;
  const link = typeof raw === 'string' ? withCampaign(raw, config.productName) : null;
  if (!link) throw new ShareLinkError('No Spotify URL found for artist');
  writeString(spotifyUrlKey(artistId), link);
  return link;
}

/**
 * The share link (docs/product.md, "The list card and the share view"): the cached link when there is one (no call), else the provider's artist
 * endpoint. Errors carry the product's messages; anything unexpected becomes 'Failed to get Spotify URL'.
 */
export async function getSpotifyLink(artistId: string, signal?: AbortSignal): Promise<string> {
  const cached = readCached(artistId);
  if (cached) return cached;
  try {
    return await fetchLink(artistId, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ShareLinkError || error instanceof SignedOutError) throw error;
    throw new Error('Failed to get Spotify URL');
  }
}
