import type { SourceArtist } from '@heavy-rotation/contracts';
import { type Artist, createClient, getMyTopArtists } from '@heavy-rotation/spotify';
import { loadConfig } from '../../config/app-config.ts';
import { musicbrainzUri } from '../../lib/artist-images.ts';
import {
  anyMemory,
  anyPersisted,
  freshMemory,
  freshPersisted,
  saveArtists,
} from '../../lib/artists-cache.ts';
import { BackendError, callBackend } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { readExportListener } from '../../lib/export-listener.ts';
import type { ListedArtist } from '../../lib/plays.ts';
import { RETRY } from '../../lib/retry.ts';
import { readSourceSession } from '../../lib/source-session.ts';
import { tokenSource } from '../../lib/token-source.ts';
import { useChartHistory } from '../../stores/chart-history.ts';

export const TOP_LIST_SIZE = 40;
/** Provider waits longer than this are not waited out in the page: the listener is told instead. */
const MAX_RETRY_AFTER_S = 10;

// Never two identical provider calls in flight (StrictMode runs effects twice).
let inFlight: Promise<Artist[]> | null = null;

function validArtists(items: unknown): Artist[] {
  if (!Array.isArray(items)) return [];
  return items.filter(
    (a): a is Artist =>
      typeof a === 'object' && a !== null && typeof a.id === 'string' && typeof a.name === 'string',
  );
}

/**
 * A Last.fm or ListenBrainz artist in the shape the screens read. `href` carries the artist's page on
 * that source (a Spotify artist's is its API address, which no screen shows); `uri` its MusicBrainz id
 * when known, for finding an image. Images found before for the artist are kept.
 */
function fromSource(artist: SourceArtist, found: Map<string, Artist['images']>): ListedArtist {
  const images = artist.images.map((i) => ({ url: i.url, width: i.width ?? null, height: i.height ?? null }));
  return {
    id: artist.id,
    name: artist.name,
    type: 'artist',
    images: images.length > 0 ? images : (found.get(artist.id) ?? []),
    uri: artist.mbid ? musicbrainzUri(artist.mbid) : '',
    href: artist.sourceUrl ?? '',
    external_urls: artist.spotifyUrl ? { spotify: artist.spotifyUrl } : {},
    ...(artist.plays ? { plays: artist.plays } : {}),
  };
}

// What the screen should say above a list that is not fresh (a source's rate limit), for every screen.
let notice: string | null = null;
const noticeListeners = new Set<() => void>();

function setNotice(next: string | null): void {
  if (next === notice) return;
  notice = next;
  for (const listener of noticeListeners) listener();
}

/** The notice over a saved list ("Last.fm needs a short break..."), or null when the list is fresh. */
export function currentNotice(): string | null {
  return notice;
}

export function subscribeNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** The top artists of a Last.fm or ListenBrainz listener, through our server (the session cookie). */
async function fetchFromSource(productName: string): Promise<Artist[]> {
  const reply = await callBackend('/api/source/top-artists', 'sourceTopArtistsReply');
  const found = new Map((anyPersisted(productName) ?? []).map((a) => [a.id, a.images]));
  const artists = reply.artists.slice(0, TOP_LIST_SIZE).map((a) => fromSource(a, found));
  if (artists.length === 0) throw new Error('No artists found');
  saveArtists(productName, artists);
  // A rate-limited source answers the list it gave last, with a notice (docs/product.md, "Other sources").
  setNotice(reply.stale ? reply.notice : null);
  // The rankings the server kept for this listener, so the chart survives a new device.
  if (reply.chart) useChartHistory.getState().merge(reply.chart, Date.now());
  return artists;
}

/**
 * The list a Spotify data export gave, kept on the device (docs/product.md, "The Spotify data export").
 * The saved list comes first: it carries the images found since.
 */
function fromExport(productName: string): Artist[] | null {
  const listener = readExportListener();
  if (!listener) return null;
  const artists = anyPersisted(productName) ?? listener.artists;
  if (artists.length === 0) throw new Error('No artists found');
  saveArtists(productName, artists);
  return artists;
}

async function fetchFromProvider(): Promise<Artist[]> {
  const config = await loadConfig();
  const exported = fromExport(config.productName);
  if (exported) return exported;
  if (readSourceSession()) return fetchFromSource(config.productName);
  const tokens = tokenSource();
  let token = await tokens.getAccessToken();
  if (!token) throw new SignedOutError('No access token');
  const client = createClient({
    baseUrl: config.spotifyApiUrl,
    getAccessToken: () => token ?? '',
    // On a 401, refresh once and try again (docs/product.md, "Loading the list").
    onUnauthorized: async () => {
      token = await tokens.refreshAfterUnauthorized(token);
    },
    retry: {
      limit: RETRY.topArtists.retries,
      delayMs: RETRY.topArtists.baseDelayMs,
      maxRetryAfter: MAX_RETRY_AFTER_S,
    },
  });
  const page = await getMyTopArtists(client, { limit: 50, time_range: 'short_term' });
  const artists = validArtists(page?.items).slice(0, TOP_LIST_SIZE);
  if (artists.length === 0) throw new Error('No artists found');
  saveArtists(config.productName, artists);
  return artists;
}

/**
 * docs/product.md, "Loading the list": unless forced, a persisted cache under 2 h, then a memory copy under
 * 5 min; else the provider (first 40 of 50). On any error: the persisted cache, then the stale memory
 * copy, else the error.
 */
export async function fetchTopArtists(options: { force?: boolean } = {}): Promise<Artist[]> {
  const config = await loadConfig();
  if (!options.force) {
    const cached = freshPersisted(config.productName) ?? freshMemory();
    if (cached) return cached;
  }
  inFlight ??= fetchFromProvider().finally(() => {
    inFlight = null;
  });
  try {
    const artists = await inFlight;
    if (!readSourceSession()) setNotice(null);
    return artists;
  } catch (error) {
    const fallback = anyPersisted(config.productName) ?? anyMemory();
    if (!fallback) throw error;
    // Our server's 429 says when to come back; the saved list stays on screen meanwhile.
    if (error instanceof BackendError && error.status === 429) setNotice(error.serverText);
    return fallback;
  }
}
