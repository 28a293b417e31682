import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { artistImage, musicbrainzPace } from '../db/schema.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { type FoundImage, type ImageSources, ImageSourceUnavailable } from './upstream.ts';

/** How long a found image and a fruitless search are kept (docs/product.md, "Artist images"). */
const HIT_MS = 30 * 86_400_000;
const MISS_MS = 86_400_000;
/** Deezer lookups of one request run this many at a time. */
const DEEZER_PARALLEL = 6;

export interface ArtistQuery {
  name: string;
  mbid?: string | undefined;
}

export interface ResolvedImage {
  name: string;
  image: { url: string; width: number | null; height: number | null } | null;
  /** False when a source was away or busy, or the request ran out of time: ask again later. */
  final: boolean;
}

export interface ResolverOptions {
  db: Db;
  sources: ImageSources;
  now: () => number;
  /** How long one request may wait for its turns at MusicBrainz, in all. */
  musicbrainzBudgetMs: number;
}

const keyOf = (a: ArtistQuery) =>
  a.mbid ? `mbid:${a.mbid.toLowerCase()}` : `name:${normaliseArtistName(a.name)}`;

/**
 * Resolves artist names (and MusicBrainz ids) to images: the shared cache first, then Deezer's artist
 * search, then MusicBrainz → Wikidata (P18) → Wikimedia Commons, at most one MusicBrainz request a second
 * across every instance (docs/product.md, "Artist images").
 */
export function createImageResolver({ db, sources, now, musicbrainzBudgetMs }: ResolverOptions) {
  async function remember(key: string, found: FoundImage | null): Promise<void> {
    const row = {
      url: found?.url ?? null,
      width: found?.width ?? null,
      height: found?.height ?? null,
      source: found?.source ?? null,
      expiresAt: new Date(now() + (found ? HIT_MS : MISS_MS)),
    };
    await db
      .insert(artistImage)
      .values({ key, ...row })
      .onConflictDoUpdate({ target: artistImage.key, set: row });
  }

  /**
   * Takes the next MusicBrainz turn of all instances (kept in the database) and returns how long to wait
   * for it, in ms. Turns are 1.1 s apart (docs/product.md, "Artist images"): a timer that fires late on
   * a busy machine must not bring two requests closer than the second MusicBrainz allows.
   */
  async function musicbrainzTurn(): Promise<number> {
    const [row] = await db
      .insert(musicbrainzPace)
      .values({ id: 1, nextAt: sql`clock_timestamp() + interval '1100 milliseconds'` })
      .onConflictDoUpdate({
        target: musicbrainzPace.id,
        set: {
          nextAt: sql`greatest(${musicbrainzPace.nextAt}, clock_timestamp()) + interval '1100 milliseconds'`,
        },
      })
      .returning({
        waitMs: sql<string>`extract(epoch from (${musicbrainzPace.nextAt} - clock_timestamp())) * 1000 - 1100`,
      });
    return Math.max(0, Math.ceil(Number(row?.waitMs ?? 0)));
  }

  /** Runs a MusicBrainz call in its turn, unless the turn comes after the deadline (then null: not now). */
  async function inTurn<T>(deadline: number, call: () => Promise<T>): Promise<{ value: T } | null> {
    const wait = await musicbrainzTurn();
    if (now() + wait > deadline) return null;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { value: await call() };
  }

  /** MusicBrainz → Wikidata → Commons; undefined when the request ran out of MusicBrainz turns. */
  async function throughMusicbrainz(
    artist: ArtistQuery,
    deadline: number,
  ): Promise<FoundImage | null | undefined> {
    let mbid = artist.mbid ?? null;
    if (!mbid) {
      const search = await inTurn(deadline, () => sources.musicbrainzSearch(artist.name));
      if (!search) return undefined;
      mbid = search.value;
      if (!mbid) return null;
    }
    const found = mbid;
    const lookup = await inTurn(deadline, () => sources.musicbrainzWikidata(found));
    if (!lookup) return undefined;
    if (!lookup.value) return null;
    const file = await sources.wikidataImage(lookup.value);
    return file ? sources.commonsThumbnail(file) : null;
  }

  return {
    async resolve(artists: ArtistQuery[]): Promise<ResolvedImage[]> {
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
      const results = new Map<string, ResolvedImage['image'] | 'later'>();
      for (const [key, row] of cached) {
        results.set(key, row.url ? { url: row.url, width: row.width, height: row.height } : null);
      }
      const todo = [...new Map(artists.map((a, i) => [keys[i] ?? '', a])).entries()].filter(
        ([key]) => !results.has(key),
      );

      // Deezer first, a few at a time.
      const notOnDeezer: { key: string; artist: ArtistQuery; deezerAway: boolean }[] = [];
      for (let i = 0; i < todo.length; i += DEEZER_PARALLEL) {
        await Promise.all(
          todo.slice(i, i + DEEZER_PARALLEL).map(async ([key, artist]) => {
            try {
              const found = await sources.deezer(artist.name);
              if (found) {
                await remember(key, found);
                results.set(key, { url: found.url, width: found.width, height: found.height });
              } else notOnDeezer.push({ key, artist, deezerAway: false });
            } catch (error) {
              if (!(error instanceof ImageSourceUnavailable)) throw error;
              // Deezer away: MusicBrainz may still know; if it does not, nothing is cached.
              notOnDeezer.push({ key, artist, deezerAway: true });
            }
          }),
        );
      }

      // Then MusicBrainz, one turn a second for every instance, while this request's budget lasts.
      for (const { key, artist, deezerAway } of notOnDeezer) {
        try {
          const found = await throughMusicbrainz(artist, deadline);
          if (found === undefined) {
            results.set(key, 'later');
          } else if (found || !deezerAway) {
            await remember(key, found);
            results.set(key, found ? { url: found.url, width: found.width, height: found.height } : null);
          } else {
            results.set(key, 'later');
          }
        } catch (error) {
          if (!(error instanceof ImageSourceUnavailable)) throw error;
          results.set(key, 'later');
        }
      }

      return artists.map((artist, i) => {
        const result = results.get(keys[i] ?? '');
        return result === 'later' || result === undefined
          ? { name: artist.name, image: null, final: false }
          : { name: artist.name, image: result, final: true };
      });
    },
  };
}

export type ImageResolver = ReturnType<typeof createImageResolver>;
