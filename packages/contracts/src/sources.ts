import * as z from 'zod/mini';
import { ARTIST_IMAGES_BATCH } from './constants.ts';

// Last.fm and ListenBrainz through our server (docs/product.md, "Other sources").

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
