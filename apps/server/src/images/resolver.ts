import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { artistImage, musicbrainzPace } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import {
  createImageSources,
  type FoundImage,
  type ImageSources,
  ImageSourceUnavailable,
} from './upstream.ts';

/** How long a found image and a fruitless search are kept (docs/product.md, "Artist images"). */
const HIT_MS = 30 * 86_400_000;
const MISS_MS = 86_400_000;
/**
 * A "later" is remembered briefly (docs/decisions/020-abuse-limits.md, "Artist images"): after a source
 * was away, asking again within this time asks no source; after Deezer had no picture and MusicBrainz's
 * turn did not come, the next request goes straight to MusicBrainz.
 */
const AWAY_MS = 15_000;
const DEEZER_MISS_MS = 10 * 60_000;
/** MusicBrainz turns are this far apart across every instance. */
const TURN_MS = 1100;

interface ArtistQuery {
  name: string;
  mbid?: string | undefined;
}

interface ResolvedImage {
  name: string;
  image: { url: string; width: number | null; height: number | null } | null;
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

type Image = NonNullable<ResolvedImage['image']>;
type Outcome = Image | null | 'later';

/**
 * The cache key: the normalised name, and the MusicBrainz id when one is given. A caller's id never
 * keys an answer found for another name (docs/decisions/020-abuse-limits.md, "Artist images").
 */
const keyOf = (a: ArtistQuery) => {
  const name = normaliseArtistName(a.name);
  return a.mbid ? `mbid:${a.mbid.toLowerCase()}:${name}` : `name:${name}`;
};

const imageOf = (found: FoundImage): Image => ({ url: found.url, width: found.width, height: found.height });

/**
 * Resolves artist names (and MusicBrainz ids) to images: the shared cache first, then Deezer's artist
 * search, then MusicBrainz → Wikidata (P18) → Wikimedia Commons, at most one MusicBrainz request a second
 * across every instance (docs/product.md, "Artist images"), each caller within its budget of lookups.
 */
function createImageResolver(options: ResolverOptions) {
  const { db, sources, now, musicbrainzBudgetMs } = options;
  // Lookups of a name in flight on this instance: a second request for it waits for the first's answer.
  const inFlight = new Map<string, Promise<Outcome>>();

  async function remember(
    key: string,
    found: FoundImage | null,
    kind: 'found' | 'away' | 'deezer-miss' = 'found',
  ): Promise<void> {
    const ms = kind === 'away' ? AWAY_MS : kind === 'deezer-miss' ? DEEZER_MISS_MS : found ? HIT_MS : MISS_MS;
    const row = {
      url: found?.url ?? null,
      width: found?.width ?? null,
      height: found?.height ?? null,
      source: kind === 'found' ? (found?.source ?? null) : kind,
      expiresAt: new Date(now() + ms),
    };
    await db
      .insert(artistImage)
      .values({ key, ...row })
      .onConflictDoUpdate({ target: artistImage.key, set: row });
  }

  /**
   * Takes the next MusicBrainz turn of all instances (kept in the database) only when it comes before
   * `deadline`, and returns how long to wait for it, in ms; undefined (nothing taken) when it would come
   * later. Turns are 1.1 s apart: a timer that fires late on a busy machine must not bring two requests
   * closer than the second MusicBrainz allows.
   */
  async function musicbrainzTurn(deadline: number): Promise<number | undefined> {
    const left = Math.max(0, deadline - now());
    const turnAt = sql`greatest(${musicbrainzPace.nextAt}, clock_timestamp())`;
    const [row] = await db
      .insert(musicbrainzPace)
      .values({ id: 1, nextAt: sql`clock_timestamp() + make_interval(secs => ${TURN_MS / 1000})` })
      .onConflictDoUpdate({
        target: musicbrainzPace.id,
        set: { nextAt: sql`${turnAt} + make_interval(secs => ${TURN_MS / 1000})` },
        // A turn past this request's wait is left for others: never taken, so never wasted.
        setWhere: sql`${turnAt} <= clock_timestamp() + make_interval(secs => ${left / 1000})`,
      })
      .returning({
        waitMs: sql<string>`extract(epoch from (${musicbrainzPace.nextAt} - clock_timestamp())) * 1000 - ${TURN_MS}`,
      });
    if (!row) return undefined;
    return Math.max(0, Math.ceil(Number(row.waitMs)));
  }

  /** Runs a MusicBrainz call in its turn, unless no turn comes before the deadline (then null: not now). */
  async function inTurn<T>(deadline: number, call: () => Promise<T>): Promise<{ value: T } | null> {
    const wait = await musicbrainzTurn(deadline);
    if (wait === undefined) return null;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { value: await call() };
  }

  /** MusicBrainz → Wikidata → Commons; undefined when the request ran out of MusicBrainz turns. */
  async function throughMusicbrainz(
    artist: ArtistQuery,
    deadline: number,
  ): Promise<FoundImage | null | undefined> {
    const wanted = normaliseArtistName(artist.name);
    let item: string | null = null;
    if (artist.mbid) {
      const given = artist.mbid;
      const lookup = await inTurn(deadline, () => sources.musicbrainzArtist(given));
      if (!lookup) return undefined;
      // The caller's id counts only when MusicBrainz's record bears the name asked for.
      if (lookup.value && normaliseArtistName(lookup.value.name) === wanted) item = lookup.value.wikidata;
      else if (lookup.value) return throughMusicbrainz({ name: artist.name }, deadline);
      else return null;
    } else {
      const search = await inTurn(deadline, () => sources.musicbrainzSearch(artist.name));
      if (!search) return undefined;
      const mbid = search.value;
      if (!mbid) return null;
      const lookup = await inTurn(deadline, () => sources.musicbrainzArtist(mbid));
      if (!lookup) return undefined;
      item = lookup.value?.wikidata ?? null;
    }
    if (!item) return null;
    const file = await sources.wikidataImage(item);
    return file ? sources.commonsThumbnail(file) : null;
  }

  /** One name through the sources, Deezer first unless it is known to have no picture. */
  async function lookUp(key: string, artist: ArtistQuery, skipDeezer: boolean, deadline: number) {
    let deezerAway = false;
    if (!skipDeezer) {
      try {
        const found = await sources.deezer(artist.name);
        if (found) {
          await remember(key, found);
          return imageOf(found);
        }
      } catch (error) {
        if (!(error instanceof ImageSourceUnavailable)) throw error;
        // Deezer away: MusicBrainz may still know; if it does not, nothing is cached.
        deezerAway = true;
      }
    }
    try {
      const found = await throughMusicbrainz(artist, deadline);
      if (found === undefined) {
        // Out of turns: the next request starts where this one stopped.
        await remember(key, null, deezerAway ? 'away' : 'deezer-miss');
        return 'later';
      }
      if (found || !deezerAway) {
        await remember(key, found);
        return found ? imageOf(found) : null;
      }
      await remember(key, null, 'away');
      return 'later';
    } catch (error) {
      if (!(error instanceof ImageSourceUnavailable)) throw error;
      await remember(key, null, 'away');
      return 'later';
    }
  }

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

/** The resolver over the image sources the environment names, within the lookup budgets it sets. */
export function imageResolverFromEnv(
  env: Pick<
    Env,
    | 'DEEZER_API_URL'
    | 'MUSICBRAINZ_API_URL'
    | 'WIKIDATA_API_URL'
    | 'COMMONS_API_URL'
    | 'SOURCE_TIMEOUT_MS'
    | 'IMAGE_WAIT_MS'
    | 'IMAGE_LOOKUPS_PER_REQUEST'
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
      timeoutMs: env.SOURCE_TIMEOUT_MS,
      fetch: shared.fetch,
      userAgent: shared.userAgent,
    }),
    now: shared.now,
    musicbrainzBudgetMs: env.IMAGE_WAIT_MS,
    lookupsPerRequest: env.IMAGE_LOOKUPS_PER_REQUEST,
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
