import type { Db } from '../db/client.ts';
import { artistImage } from '../db/schema.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import type { Pace } from '../upstream/pace.ts';
import { type FoundImage, type ImageSources, ImageSourceUnavailable } from './upstream.ts';

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

export interface ArtistQuery {
  name: string;
  mbid?: string | undefined;
}

export interface Image {
  url: string;
  width: number | null;
  height: number | null;
}
export type Outcome = Image | null | 'later';

const imageOf = (found: FoundImage): Image => ({ url: found.url, width: found.width, height: found.height });

/**
 * Looks one name up at the sources and keeps the answer in the shared cache (`artist_image`): Deezer's
 * artist search first, unless it is known to have no picture, then MusicBrainz → Wikidata (P18) →
 * Wikimedia Commons, each MusicBrainz call in its turn of the shared pace (docs/product.md, "Artist
 * images").
 */
export function createImageLookup(db: Db, sources: ImageSources, now: () => number, paced: Pace) {
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

  /** MusicBrainz → Wikidata → Commons; undefined when the request ran out of MusicBrainz turns. */
  async function throughMusicbrainz(
    artist: ArtistQuery,
    deadline: number,
  ): Promise<FoundImage | null | undefined> {
    const wanted = normaliseArtistName(artist.name);
    let item: string | null = null;
    if (artist.mbid) {
      const given = artist.mbid;
      const lookup = await paced('musicbrainz', deadline, () => sources.musicbrainzArtist(given));
      if (!lookup) return undefined;
      // The caller's id counts only when MusicBrainz's record bears the name asked for.
      if (lookup.value && normaliseArtistName(lookup.value.name) === wanted) item = lookup.value.wikidata;
      else if (lookup.value) return throughMusicbrainz({ name: artist.name }, deadline);
      else return null;
    } else {
      const search = await paced('musicbrainz', deadline, () => sources.musicbrainzSearch(artist.name));
      if (!search) return undefined;
      const mbid = search.value;
      if (!mbid) return null;
      const lookup = await paced('musicbrainz', deadline, () => sources.musicbrainzArtist(mbid));
      if (!lookup) return undefined;
      item = lookup.value?.wikidata ?? null;
    }
    if (!item) return null;
    const file = await sources.wikidataImage(item);
    return file ? sources.commonsThumbnail(file) : null;
  }

  /** One name through the sources, Deezer first unless it is known to have no picture. */
  return async function lookUp(
    key: string,
    artist: ArtistQuery,
    skipDeezer: boolean,
    deadline: number,
  ): Promise<Outcome> {
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
  };
}
