import * as z from 'zod/mini';

// A listener's challenge link and a friend's game of it (docs/product.md, "Challenge a friend"): what the
// web app sends. The replies are in replies.ts.

/** How long a link lives. */
export const CHALLENGE_DAYS = 30;
/** Live links a signed-in listener may hold at once. */
export const LIVE_CHALLENGES = 5;
/** The ranks a challenge shows from the start, as the listener's own quiz does (1-based). */
export const OPEN_RANKS = [4, 5, 6] as const;
/** A link's id: 128 random bits as base64url. */
export const CHALLENGE_ID = /^[A-Za-z0-9_-]{22}$/;

const NO_CONTROLS = /^[^\p{Cc}\p{Cf}<>]*$/u;
/** The name a listener or a friend chooses to show: optional, blank meaning none. */
const shownName = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(40, 'must be at most 40 characters'),
        z.regex(NO_CONTROLS, 'must be plain text'),
      ),
  ),
);
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const imageUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/, 'must be a web address'));

/** POST /api/challenges: the list as the listener sees it, best rank first. */
export const challengeCreate = z.object({
  name: shownName,
  artists: z
    .array(z.object({ id: text(200), name: text(200), image: z.optional(z.nullable(imageUrl)) }))
    .check(z.minLength(1), z.maxLength(50)),
});
export type ChallengeCreate = z.input<typeof challengeCreate>;

/** POST /api/challenges/:id/guesses. */
export const challengeGuess = z.object({ guess: text(200) });

/**
 * PUT /api/challenges/:id/plays/:playId: a friend's finished (or given-up) game. `found`: the ids of the
 * artists they guessed, as the server's answers named them; the server counts the ones of the list.
 */
export const challengePlayResult = z.object({
  found: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)),
  name: shownName,
});
export type ChallengePlayResult = z.input<typeof challengePlayResult>;
