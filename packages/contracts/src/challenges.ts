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

const NO_CONTROLS = /^[^\p{Cc}\p{Cf}\p{Cs}<>]*$/u;
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
/** Text of at most `max` characters; a lone surrogate is no text (it cannot be stored as JSON). */
const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(max), z.regex(/^\P{Cs}*$/u, 'must be plain text'));
const imageUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\/[^\s]+$/, 'must be a web address'));

/**
 * POST /api/challenges: the list as the listener sees it, best rank first. An artist's `id` is not kept:
 * the link gives each rank an id of its own, with nothing of the artist in it; a picture not from the
 * product's own image hosts is dropped (docs/decisions/027-challenge-links.md).
 */
export const challengeCreate = z.object({
  name: shownName,
  artists: z
    .array(z.object({ id: z.optional(text(200)), name: text(200), image: z.optional(z.nullable(imageUrl)) }))
    .check(z.minLength(1), z.maxLength(50)),
});
export type ChallengeCreate = z.input<typeof challengeCreate>;

/**
 * POST /api/challenges/:id/guesses: what the friend typed, judged on the server, and the game it belongs
 * to (the random id their device keeps): a right guess is kept for that game's score.
 */
export const challengeGuess = z.object({
  guess: text(200),
  playId: z.string().check(z.regex(CHALLENGE_ID, 'must be a game id')),
});

/**
 * PUT /api/challenges/:id/plays/:playId: a friend's finished (or given-up) game, with the name they
 * chose to add. The server counts the score from the game's right guesses it judged itself.
 */
export const challengePlayResult = z.object({ name: shownName });
export type ChallengePlayResult = z.input<typeof challengePlayResult>;
