import { and, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { artistImage } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { createPace } from '../upstream/pace.ts';
import { SOURCE_TIMEOUT_MS } from '../upstream/timeout.ts';
import { type ArtistQuery, createImageLookup, type Image, type Outcome } from './lookup.ts';
import { createImageSources, type ImageSources } from './upstream.ts';

interface ResolvedImage {
  name: string;
  image: Image | null;
  /** False when a source was away or busy, or the request ran out of time or lookups: ask again later. */
  final: boolean;
}

interface ResolverOptions {
  db: Db;
  sources: ImageSources;
  now: () => number;
  /** How long one request may wait for its turns at MusicBrainz, in all. */
  musicbrainzBudgetMs: number;
  /** Names one request may look up at the sources (the rest are answered "later"). */
  lookupsPerRequest: number;
  /**
   * Spends one lookup of the caller's budget and of everybody's (kept in PostgreSQL when shared); false
   * when either is spent.
   */
  spendLookup: (address: string) => Promise<boolean>;
}

/**
 * The cache key: the normalised name, and the MusicBrainz id when one is given. A caller's id never
 * keys an answer found for another name (docs/decisions/020-abuse-limits.md, "Artist images").
 */
const keyOf = (a: ArtistQuery) => {
  const name = normaliseArtistName(a.name);
  return a.mbid ? `mbid:${a.mbid.toLowerCase()}:${name}` : `name:${name}`;
};

/**
 * Resolves artist names (and MusicBrainz ids) to images: the shared cache first, then Deezer's artist
 * search, then MusicBrainz → Wikidata (P18) → Wikimedia Commons, at most one MusicBrainz request a second
 * across every instance (docs/product.md, "Artist images"), each caller within its budget of lookups.
 */
function createImageResolver(options: ResolverOptions) {
  const { db, now, musicbrainzBudgetMs } = options;
  const lookUp = createImageLookup(db, options.sources, now, createPace(db, now));
  // Lookups of a name in flight on this instance: a second request for it waits for the first's answer.
  const inFlight = new Map<string, Promise<Outcome>>();

  return {
    async resolve(artists: ArtistQuery[], address: string): Promise<ResolvedImage[]> {
      const deadline = now() + musicbrainzBudgetMs;
      const keys = artists.map(keyOf);
      const cached = new Map(
        (
          await db
            .select()
            .from(artistImage)
            .where(
              and(inArray(artistImage.key, [...new Set(keys)]), gt(artistImage.expiresAt, new Date(now()))),
            )
        ).map((row) => [row.key, row]),
      );
      const results = new Map<string, Outcome | Promise<Outcome>>();
      const deezerMisses = new Set<string>();
      for (const [key, row] of cached) {
        if (row.source === 'away') results.set(key, 'later');
        else if (row.source === 'deezer-miss') deezerMisses.add(key);
        else results.set(key, row.url ? { url: row.url, width: row.width, height: row.height } : null);
      }
      const todo = [...new Map(artists.map((a, i) => [keys[i] ?? '', a])).entries()].filter(
        ([key]) => !results.has(key),
      );

      // Names another request is looking up are shared; the rest take lookups from the caller's budget
      // and everybody's, at most `lookupsPerRequest` of them, all at once (MusicBrainz still takes its
      // turns one at a time for every instance). Each is in flight before anything is awaited, so a
      // request arriving meanwhile shares it.
      let taken = 0;
      for (const [key, artist] of todo) {
        const running = inFlight.get(key);
        if (running) {
          results.set(key, running);
          continue;
        }
        if (taken >= options.lookupsPerRequest) {
          results.set(key, 'later');
          continue;
        }
        taken += 1;
        const lookup = options
          .spendLookup(address)
          .then((allowed) => (allowed ? lookUp(key, artist, deezerMisses.has(key), deadline) : 'later'))
          .finally(() => inFlight.delete(key));
        inFlight.set(key, lookup);
        results.set(key, lookup);
      }

      const answers = await Promise.all(
        artists.map(async (artist, i) => {
          const result = await results.get(keys[i] ?? '');
          return result === 'later' || result === undefined
            ? { name: artist.name, image: null, final: false }
            : { name: artist.name, image: result, final: true };
        }),
      );
      return answers;
    },
  };
}

export type ImageResolver = ReturnType<typeof createImageResolver>;

/** Names one artist-image request may look up at the image sources; the rest are asked for again later. */
const LOOKUPS_PER_REQUEST = 10;

/** The resolver over the image sources the environment names, within the lookup budgets it sets. */
export function imageResolverFromEnv(
  env: Pick<
    Env,
    'DEEZER_API_URL' | 'MUSICBRAINZ_API_URL' | 'WIKIDATA_API_URL' | 'COMMONS_API_URL' | 'IMAGE_WAIT_MS'
  >,
  shared: {
    db: Db;
    now: () => number;
    fetch: typeof fetch;
    userAgent: string;
    /** The caller's lookups (IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE) and everybody's (IMAGE_LOOKUPS_PER_MINUTE). */
    perAddress: RateLimiter;
    overall: RateLimiter;
  },
): ImageResolver {
  return createImageResolver({
    db: shared.db,
    sources: createImageSources({
      urls: {
        deezer: env.DEEZER_API_URL,
        musicbrainz: env.MUSICBRAINZ_API_URL,
        wikidata: env.WIKIDATA_API_URL,
        commons: env.COMMONS_API_URL,
      },
      timeoutMs: SOURCE_TIMEOUT_MS,
      fetch: shared.fetch,
      userAgent: shared.userAgent,
    }),
    now: shared.now,
    musicbrainzBudgetMs: env.IMAGE_WAIT_MS,
    lookupsPerRequest: LOOKUPS_PER_REQUEST,
    // The caller's budget, then everybody's (docs/decisions/020-abuse-limits.md, "Artist images").
    spendLookup: (address) =>
      shared.perAddress
        .spend(address)
        .then(() => shared.overall.spend('all'))
        .then(
          () => true,
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 429) return false;
            throw error;
          },
        ),
  });
}
