import * as z from 'zod/mini';

// The replies the web app checks (`callBackend` in apps/web names one of these): a module of their own,
// so the web app builds only these schemas, not the requests' and events' it never reads
// (docs/architecture.md, "The first frame"). Each is built when it first checks a reply (`z.lazy`), not
// when the module loads: a page's first call builds one schema, in the task that reads its reply. The
// server imports them through the index.

/** A welcome counts only with all three parts as non-empty text. */
export const welcomeReply = z.lazy(() => {
  const part = z.string().check(z.trim(), z.minLength(1));
  return z.object({ greeting: part, reflection: part, teaser: part });
});
export type WelcomeReply = z.infer<typeof welcomeReply>;

/** POST /functions/v1/generate-success-message: one line per name. */
export const successReply = z.lazy(() =>
  z.object({
    results: z.array(z.object({ artistName: z.string(), message: z.string().check(z.trim()) })),
  }),
);
export type SuccessReply = z.infer<typeof successReply>;

export const okReply = z.lazy(() => z.object({ ok: z.literal(true) }));

/** GET /rest/v1/user_profile?id=eq.<id>: the caller's own row; the number comes masked. */
export const userProfileRow = z.lazy(() =>
  z.object({
    id: z.string(),
    phone_e164: z.optional(z.nullable(z.string())),
    display_name: z.optional(z.nullable(z.string())),
  }),
);

/** GET /auth/v1/user: the verified caller, in the shape stock auth clients read. */
export const authUser = z.lazy(() =>
  z.object({
    id: z.string(),
    email: z.optional(z.string()),
    user_metadata: z.optional(z.object({ display_name: z.optional(z.nullable(z.string())) })),
  }),
);
export type AuthUser = z.infer<typeof authUser>;

/** POST /functions/v1/sms-subscribe: a code is on its way to the number (shown masked). */
export const smsCodeSent = z.lazy(() =>
  z.object({
    ok: z.literal(true),
    sentTo: z.string(),
    expiresInSeconds: z.number(),
    resendAfterSeconds: z.number(),
  }),
);

/** GET /api/flags. */
export const flags = z.lazy(() => z.object({ sms_gate_enabled: z.boolean() }));
export type Flags = z.infer<typeof flags>;

export const sourceName = z.lazy(() => z.enum(['lastfm', 'listenbrainz']));
export type SourceName = z.infer<typeof sourceName>;

/** One artist as every source gives it: a stable id, the name, images when known, links when known. */
export const sourceArtist = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    images: z.array(
      z.object({ url: z.string(), width: z.nullish(z.number()), height: z.nullish(z.number()) }),
    ),
    sourceUrl: z.nullable(z.string()),
    spotifyUrl: z.nullable(z.string()),
    mbid: z.optional(z.string()),
    /** The plays behind the rank, where the source counts them, and over what (docs/product.md, "Plays"). */
    plays: z.optional(
      z.object({
        count: z.number().check(z.int(), z.nonnegative()),
        period: z.enum(['last-4-weeks', 'this-month', 'last-month']),
      }),
    ),
  }),
);
export type SourceArtist = z.infer<typeof sourceArtist>;

/** GET /api/source/session: who the session cookie belongs to. */
export const sourceSessionReply = z.lazy(() =>
  z.object({
    source: sourceName,
    userId: z.string(),
    displayName: z.nullable(z.string()),
  }),
);
export type SourceSessionReply = z.infer<typeof sourceSessionReply>;

/**
 * GET /api/source/top-artists: best first, at most 40. `stale` with a `notice` when the source is
 * rate-limiting and the list is the one fetched last.
 */
export const sourceTopArtistsReply = z.lazy(() =>
  z.object({
    source: sourceName,
    artists: z.array(sourceArtist),
    fetchedAt: z.string(),
    stale: z.boolean(),
    notice: z.nullable(z.string()),
    /** The rankings this listener was shown before, oldest first (docs/product.md, "The weekly chart"). */
    chart: z.optional(z.array(z.object({ at: z.number(), ids: z.array(z.string()) }))),
  }),
);
export type SourceTopArtistsReply = z.infer<typeof sourceTopArtistsReply>;

/**
 * One image per artist asked about, in the order asked: `image` null when none is known. `final` false
 * means the search is not over (a source was busy or away): asking again later may find one.
 */
export const artistImagesReply = z.lazy(() =>
  z.object({
    images: z.array(
      z.object({
        name: z.string(),
        image: z.nullable(
          z.object({ url: z.string(), width: z.nullable(z.number()), height: z.nullable(z.number()) }),
        ),
        final: z.boolean(),
      }),
    ),
  }),
);
export type ArtistImagesReply = z.infer<typeof artistImagesReply>;

/** An artist of a challenge as a friend may see it: one of the open ranks, or one they guessed. */
export const challengeArtist = z.lazy(() =>
  z.object({ rank: z.number(), id: z.string(), name: z.string(), image: z.nullable(z.string()) }),
);
export type ChallengeArtist = z.infer<typeof challengeArtist>;

/** POST /api/challenges: the link's id and the key that stops it (kept on the listener's device). */
export const challengeCreated = z.lazy(() =>
  z.object({ id: z.string(), key: z.string(), expiresAt: z.string() }),
);
export type ChallengeCreated = z.infer<typeof challengeCreated>;

/** GET /api/challenges/:id: the public view. Locked ranks are only counted (`size`), never named. */
export const challengeView = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.nullable(z.string()),
    size: z.number(),
    open: z.array(challengeArtist),
    expiresAt: z.string(),
  }),
);
export type ChallengeView = z.infer<typeof challengeView>;

/** POST /api/challenges/:id/guesses: the artist a guess names, or null for a miss. */
export const challengeGuessReply = z.lazy(() => z.object({ match: z.nullable(challengeArtist) }));
export type ChallengeGuessReply = z.infer<typeof challengeGuessReply>;

/** PUT /api/challenges/:id/plays/:playId: the score the server counted. */
export const challengePlayReply = z.lazy(() => z.object({ score: z.number(), size: z.number() }));

/** GET /api/challenges/:id/results (with the link's key): how friends did, best first. */
export const challengeResults = z.lazy(() =>
  z.object({
    played: z.number(),
    best: z.number(),
    size: z.number(),
    expiresAt: z.string(),
    scores: z.array(z.object({ name: z.nullable(z.string()), score: z.number(), at: z.string() })),
  }),
);
export type ChallengeResults = z.infer<typeof challengeResults>;

/** POST /api/clips: the clip's opaque id, or null when neither source has a preview of the artist. */
export const clipReply = z.lazy(() => z.object({ clip: z.nullable(z.object({ id: z.string() })) }));
