import type * as z from 'zod';
import { withDeadline } from '../http/deadline.ts';
import { normaliseArtistName } from '../messages/normalise.ts';
import { JSON_REPLY_MAX_BYTES, ReplyTooLarge, readJsonCapped } from '../upstream/capped-json.ts';
import { type PictureSource, pictureFrom } from './hosts.ts';
import { commonsInfo, deezerSearch, mbArtist, mbSearch, wikidataEntity } from './replies.ts';

/** Where each image source lives (real services by default; the emulator in demo mode and tests). */
interface ImageSourceUrls {
  deezer: string;
  musicbrainz: string;
  wikidata: string;
  commons: string;
}

export interface UpstreamConfig {
  urls: ImageSourceUrls;
  timeoutMs: number;
  fetch: typeof fetch;
  /** MusicBrainz asks every client to name itself and a way to reach its operator. */
  userAgent: string;
}

export interface FoundImage {
  url: string;
  width: number | null;
  height: number | null;
  source: 'deezer' | 'wikimedia';
}

/** A source was away, slow or busy: nothing is known either way, and nothing may be cached. */
export class ImageSourceUnavailable extends Error {
  override readonly name = 'ImageSourceUnavailable';
}

/** A picture on the source's own host, or on the origin the source is configured at (the emulator). */
const pictureAllowed = (url: string, source: PictureSource, sourceBase: string) =>
  pictureFrom(url, [source], [new URL(sourceBase).origin]);

/** Deezer's stand-in picture for an artist without one has an empty hash in its address. */
const isBlankDeezerPicture = (url: string) => url.includes('/artist//');
/** A Wikidata entity carries every label and claim of the item: a famous artist's runs to megabytes. */
const WIKIDATA_MAX_BYTES = 16_000_000;
/** The thumbnail width asked of Wikimedia Commons: the list and card show images at up to 240 px. */
const THUMB_WIDTH = 480;

/** The four image sources, each call bounded by the timeout; failures throw ImageSourceUnavailable. */
export function createImageSources(config: UpstreamConfig) {
  async function getJson(
    base: string,
    path: string,
    what: string,
    maxBytes = JSON_REPLY_MAX_BYTES,
  ): Promise<unknown | null> {
    let res: Response;
    try {
      res = await withDeadline(
        config.fetch(new URL(path, base.replace(/\/?$/, '/')), {
          headers: { Accept: 'application/json', 'User-Agent': config.userAgent },
          signal: AbortSignal.timeout(config.timeoutMs),
        }),
        config.timeoutMs,
      );
    } catch (error) {
      throw new ImageSourceUnavailable(`${what}: no answer`, { cause: error });
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new ImageSourceUnavailable(`${what}: status ${res.status}`);
    try {
      return await readJsonCapped(res, maxBytes);
    } catch (error) {
      const problem = error instanceof ReplyTooLarge ? error.message : 'not JSON';
      throw new ImageSourceUnavailable(`${what}: ${problem}`, { cause: error });
    }
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ImageSourceUnavailable(`${what}: unexpected answer`);
    return parsed.data;
  }

  return {
    /** Deezer's picture of the artist of exactly this name, or null. */
    async deezer(name: string): Promise<FoundImage | null> {
      const body = await getJson(
        config.urls.deezer,
        `search/artist?q=${encodeURIComponent(name)}&limit=5`,
        'Deezer',
      );
      if (body === null) return null;
      const found = parse(deezerSearch, body, 'Deezer');
      // Deezer reports quota and other trouble inside a 200.
      if (found.error !== undefined) throw new ImageSourceUnavailable('Deezer: error in answer');
      const key = normaliseArtistName(name);
      const match = found.data.find((a) => normaliseArtistName(a.name) === key);
      const url = match?.picture_big ?? match?.picture_medium;
      if (!url || isBlankDeezerPicture(url) || !pictureAllowed(url, 'deezer', config.urls.deezer))
        return null;
      return {
        url,
        width: match?.picture_big ? 500 : 250,
        height: match?.picture_big ? 500 : 250,
        source: 'deezer',
      };
    },

    /** The MusicBrainz id of the artist of exactly this name (a confident match only), or null. */
    async musicbrainzSearch(name: string): Promise<string | null> {
      const query = encodeURIComponent(`artist:"${name.replace(/["\\]/g, ' ')}"`);
      const body = await getJson(
        config.urls.musicbrainz,
        `ws/2/artist?query=${query}&limit=3&fmt=json`,
        'MusicBrainz',
      );
      if (body === null) return null;
      const key = normaliseArtistName(name);
      const match = parse(mbSearch, body, 'MusicBrainz').artists.find(
        (a) => a.score >= 90 && normaliseArtistName(a.name) === key,
      );
      return match?.id ?? null;
    },

    /** The artist's name on MusicBrainz and the Wikidata item it links them to (`Q…`), or null. */
    async musicbrainzArtist(mbid: string): Promise<{ name: string; wikidata: string | null } | null> {
      const body = await getJson(
        config.urls.musicbrainz,
        `ws/2/artist/${encodeURIComponent(mbid)}?inc=url-rels&fmt=json`,
        'MusicBrainz',
      );
      if (body === null) return null;
      const artist = parse(mbArtist, body, 'MusicBrainz');
      const relation = artist.relations.find((r) => r.type === 'wikidata');
      return { name: artist.name, wikidata: /\/(Q\d+)$/.exec(relation?.url?.resource ?? '')?.[1] ?? null };
    },

    /** The file name of the item's image (P18) on Wikimedia Commons, or null. */
    async wikidataImage(item: string): Promise<string | null> {
      const body = await getJson(
        config.urls.wikidata,
        `wiki/Special:EntityData/${item}.json`,
        'Wikidata',
        WIKIDATA_MAX_BYTES,
      );
      if (body === null) return null;
      const entity = Object.values(parse(wikidataEntity, body, 'Wikidata').entities)[0];
      const value = entity?.claims.P18?.[0]?.mainsnak.datavalue?.value;
      return typeof value === 'string' && value.length > 0 ? value : null;
    },

    /** A thumbnail of the Commons file, or null. */
    async commonsThumbnail(file: string): Promise<FoundImage | null> {
      const title = encodeURIComponent(`File:${file}`);
      const body = await getJson(
        config.urls.commons,
        `w/api.php?action=query&format=json&prop=imageinfo&iiprop=url&iiurlwidth=${THUMB_WIDTH}&titles=${title}`,
        'Wikimedia Commons',
      );
      if (body === null) return null;
      const page = Object.values(parse(commonsInfo, body, 'Wikimedia Commons').query?.pages ?? {})[0];
      const info = page?.imageinfo?.[0];
      if (!info?.thumburl || !pictureAllowed(info.thumburl, 'wikimedia', config.urls.commons)) return null;
      return {
        url: info.thumburl,
        width: info.thumbwidth ?? null,
        height: info.thumbheight ?? null,
        source: 'wikimedia',
      };
    },
  };
}

export type ImageSources = ReturnType<typeof createImageSources>;
