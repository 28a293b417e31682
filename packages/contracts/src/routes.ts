import * as z from 'zod/mini';

// What the web app sends to the server, once (docs/product.md, "Backend calls"): the server validates
// requests with these. What it gets back is in replies.ts.

const artistName = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const ARTISTS_SHAPE = 'must be a list of artist names, or of artist objects with a name';
// A client holding provider artist objects may send them as they are; only the name is read.
const artistEntry = z.union(
  [
    artistName,
    z.pipe(
      z.looseObject({ name: artistName }),
      z.transform((a) => a.name),
    ),
  ],
  { error: ARTISTS_SHAPE },
);

/** Any failure: `{ error }`, a sentence that names the field when a field is at fault. */
export const errorReply = z.object({ error: z.string() });

/**
 * POST /functions/v1/generate-welcome-message. `artists`: the names the listener has unlocked, best rank
 * first (the greeting names up to three); `listSize`: how many artists the whole list holds.
 */
export const welcomeRequest = z.object({
  artists: z.array(artistEntry, { error: ARTISTS_SHAPE }).check(z.maxLength(50)),
  listSize: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(50))),
});
export type WelcomeRequest = z.input<typeof welcomeRequest>;

/** POST /functions/v1/generate-success-message. */
export const successRequest = z.object({ artistNames: z.array(artistName).check(z.maxLength(50)) });
export type SuccessRequest = z.input<typeof successRequest>;

/** POST /functions/v1/sms-subscribe: the number, with the consent the listener saw. */
export const smsSubscribeRequest = z.object({
  spotifyUserId: z.string().check(z.minLength(1), z.maxLength(256)),
  spotifyUserEmail: z.nullish(z.string().check(z.maxLength(320))),
  spotifyUserDisplayName: z.nullish(z.string().check(z.maxLength(500))),
  phone: z.nullish(z.string().check(z.maxLength(1000))),
  /**
   * The version and the language of the consent text the sheet showed (CONSENTS); the server refuses a
   * pair it does not know. A sheet that names no language showed the English words.
   */
  consentVersion: z.optional(z.string().check(z.maxLength(40))),
  consentLanguage: z.optional(z.string().check(z.maxLength(20))),
});
export type SmsSubscribeRequest = z.input<typeof smsSubscribeRequest>;

/** POST /functions/v1/sms-confirm: the code texted to the number sms-subscribe was given. */
export const smsConfirmRequest = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'code: the 6 digits of the text')),
});
export type SmsConfirmRequest = z.input<typeof smsConfirmRequest>;

/**
 * POST /api/clips: the artist a sound clue is wanted for (docs/decisions/035-sound-clues.md). The name
 * goes only in this body, to our own server; the reply and the audio carry an opaque id.
 */
export const clipRequest = z.object({ name: artistName });

/** A clip's id: 16 random bytes, base64url. */
export const CLIP_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * GET /app-config.json: what one build of the web app needs to run anywhere. The web app checks it with
 * its own rules and words (docs/product.md, "Configuration"); this is the shape both sides agree on.
 */
export interface AppConfigReply {
  productName: string;
  spotifyClientId: string;
  spotifyAccountsUrl: string;
  spotifyApiUrl: string;
  backendUrl: string;
  anonKey: string;
  /** Whether "Continue with Last.fm" is offered (the server holds the Last.fm keys). */
  lastfm: boolean;
  /** Where a ListenBrainz listener finds their user token. */
  listenbrainzSettingsUrl: string;
}

/** POST / (form-urlencoded): the waitlist signup's fields (docs/product.md, "The waitlist form"). */
export interface WaitlistForm {
  'form-name': 'signup';
  /** The honeypot: a filled one is a bot. */
  'bot-field': string;
  email: string;
  subject: string;
}
