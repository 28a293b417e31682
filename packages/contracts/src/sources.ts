import * as z from 'zod/mini';
import { ARTIST_IMAGES_BATCH } from './constants.ts';

// Last.fm and ListenBrainz through our server (docs/product.md, "Other sources").

export const sourceName = z.enum(['lastfm', 'listenbrainz']);
export type SourceName = z.infer<typeof sourceName>;

/** One artist as every source gives it: a stable id, the name, images when known, links when known. */
export const sourceArtist = z.object({
  id: z.string(),
  name: z.string(),
  images: z.array(z.object({ url: z.string(), width: z.nullish(z.number()), height: z.nullish(z.number()) })),
  sourceUrl: z.nullable(z.string()),
  spotifyUrl: z.nullable(z.string()),
  mbid: z.optional(z.string()),
});
export type SourceArtist = z.infer<typeof sourceArtist>;

/** GET /api/source/session: who the session cookie belongs to. */
export const sourceSessionReply = z.object({
  source: sourceName,
  userId: z.string(),
  displayName: z.nullable(z.string()),
});
export type SourceSessionReply = z.infer<typeof sourceSessionReply>;

/**
 * GET /api/source/top-artists: best first, at most 40. `stale` with a `notice` when the source is
 * rate-limiting and the list is the one fetched last.
 */
export const sourceTopArtistsReply = z.object({
  source: sourceName,
  artists: z.array(sourceArtist),
  fetchedAt: z.string(),
  stale: z.boolean(),
  notice: z.nullable(z.string()),
});
export type SourceTopArtistsReply = z.infer<typeof sourceTopArtistsReply>;

/** POST /auth/listenbrainz/session: the user token the listener pasted. */
export const listenbrainzSignIn = z.object({
  token: z.string().check(z.trim(), z.minLength(1, 'paste your ListenBrainz user token'), z.maxLength(200)),
});

/** A source failure: `{ error, code }`, where `code` says what the screen should offer. */
export const sourceFailure = z.object({
  error: z.string(),
  code: z.enum(['unknown-user', 'signed-out', 'rate-limited', 'not-ready', 'unavailable', 'failed']),
});

/** POST /api/artist-images: names (and MusicBrainz ids when known) of artists without images. */
export const artistImagesRequest = z.object({
  artists: z
    .array(
      z.object({
        name: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(200)),
        mbid: z.optional(
          z
            .string()
            .check(z.regex(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, 'must be a MusicBrainz id')),
        ),
      }),
    )
    .check(
      z.minLength(1, 'name at least one artist'),
      z.maxLength(ARTIST_IMAGES_BATCH, `at most ${ARTIST_IMAGES_BATCH} artists at a time`),
    ),
});
export type ArtistImagesRequest = z.infer<typeof artistImagesRequest>;

/**
 * One image per artist asked about, in the order asked: `image` null when none is known. `final` false
 * means the search is not over (a source was busy or away): asking again later may find one.
 */
export const artistImagesReply = z.object({
  images: z.array(
    z.object({
      name: z.string(),
      image: z.nullable(
        z.object({ url: z.string(), width: z.nullable(z.number()), height: z.nullable(z.number()) }),
      ),
      final: z.boolean(),
    }),
  ),
});
export type ArtistImagesReply = z.infer<typeof artistImagesReply>;
