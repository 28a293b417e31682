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
import type { ExportListener } from '../../lib/export-listener.ts';
import { currentListener } from '../../lib/listener.ts';
import type { ListedArtist } from '../../lib/plays.ts';
import { useChartHistory } from '../../stores/chart-history.ts';
import { listFailureText, NO_ACCESS_TOKEN, NO_ARTISTS_FOUND } from './describe-error.ts';

export const TOP_LIST_SIZE = 40;
/** Provider waits longer than this are not waited out in the page: the listener is told instead. */
const MAX_RETRY_AFTER_S = 10;

// Never two identical provider calls in flight (StrictMode runs effects twice).
let inFlight: Promise<TopList> | null = null;

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

/** A list as the Top 40 shows it, with the notice over a saved one ("Last.fm needs a short break..."). */
export interface TopList {
  artists: Artist[];
  /** Null when the list is fresh. */
  notice: string | null;
}

/** The top artists of a Last.fm or ListenBrainz listener, through our server (the session cookie). */
async function fetchFromSource(productName: string): Promise<TopList> {
  const reply = await callBackend('/api/source/top-artists', 'sourceTopArtistsReply');
  const found = new Map((anyPersisted(productName) ?? []).map((a) => [a.id, a.images]));
  const artists = reply.artists.slice(0, TOP_LIST_SIZE).map((a) => fromSource(a, found));
  if (artists.length === 0) throw new Error(NO_ARTISTS_FOUND);
  saveArtists(productName, artists);
  // The rankings the server kept for this listener, so the chart survives a new device.
  if (reply.chart) useChartHistory.getState().merge(reply.chart, Date.now());
  // A rate-limited source answers the list it gave last, with a notice (docs/product.md, "Other sources").
  return { artists, notice: reply.stale ? reply.notice : null };
}

/**
 * The list a Spotify data export gave, kept on the device (docs/product.md, "The Spotify data export").
 * The saved list comes first: it carries the images found since.
 */
function fromExport(productName: string, guest: ExportListener): Artist[] {
  const artists = anyPersisted(productName) ?? guest.artists;
  if (artists.length === 0) throw new Error(NO_ARTISTS_FOUND);
  saveArtists(productName, artists);
  return artists;
}

async function fetchFromProvider(): Promise<TopList> {
  const config = await loadConfig();
  const listener = currentListener();
  if (listener.kind === 'export')
    return { artists: fromExport(config.productName, listener.guest), notice: null };
  if (listener.kind === 'source') return fetchFromSource(config.productName);
  if (listener.kind === 'nobody') throw new SignedOutError(NO_ACCESS_TOKEN);
  let token = await listener.token();
  if (!token) throw new SignedOutError(NO_ACCESS_TOKEN);
  const client = createClient({
    baseUrl: config.spotifyApiUrl,
    getAccessToken: () => token ?? '',
    // On a 401, refresh once and try again (docs/product.md, "Loading the list").
    onUnauthorized: async () => {
      token = await listener.tokenAfterUnauthorized(token);
    },
    retry: {
      // The provider's own transport retries (docs/product.md, "Loading the list"): 3, from 400 ms.
      limit: 3,
      delayMs: 400,
      maxRetryAfter: MAX_RETRY_AFTER_S,
    },
  });
  const page = await getMyTopArtists(client, { limit: 50, time_range: 'short_term' });
  const artists = validArtists(page?.items).slice(0, TOP_LIST_SIZE);
  if (artists.length === 0) throw new Error(NO_ARTISTS_FOUND);
  saveArtists(config.productName, artists);
  return { artists, notice: null };
}

/**
 * docs/product.md, "Loading the list": unless forced, a persisted cache under 2 h, then a memory copy under
 * 5 min; else the provider (first 40 of 50). On any error: the persisted cache, then the stale memory
 * copy, else the error.
 */
export async function fetchTopArtists(options: { force?: boolean } = {}): Promise<TopList> {
  const config = await loadConfig();
  if (!options.force) {
    const cached = freshPersisted(config.productName) ?? freshMemory();
    if (cached) return { artists: cached, notice: null };
  }
  inFlight ??= fetchFromProvider().finally(() => {
    inFlight = null;
  });
  try {
    return await inFlight;
  } catch (error) {
    const fallback = anyPersisted(config.productName) ?? anyMemory();
    if (!fallback) throw error;
    // Our server's 429 says when to come back; the saved list stays on screen meanwhile.
    const notice = error instanceof BackendError && error.status === 429 ? listFailureText(error) : null;
    return { artists: fallback, notice };
  }
}
