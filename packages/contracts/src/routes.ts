import * as z from 'zod/mini';

// What the web app sends to the server and gets back, once (docs/product.md, "Backend calls"). The
// server validates requests with these; the web app types its calls and checks the replies with them.

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
/** A welcome counts only with all three parts as non-empty text. */
const part = z.string().check(z.trim(), z.minLength(1));
export const welcomeReply = z.object({ greeting: part, reflection: part, teaser: part });
export type WelcomeReply = z.infer<typeof welcomeReply>;

/** POST /functions/v1/generate-success-message. */
export const successRequest = z.object({ artistNames: z.array(artistName).check(z.maxLength(50)) });
export type SuccessRequest = z.input<typeof successRequest>;
export const successReply = z.object({
  results: z.array(z.object({ artistName: z.string(), message: z.string().check(z.trim()) })),
});
export type SuccessReply = z.infer<typeof successReply>;

/** POST /functions/v1/sms-subscribe: the number, with the consent the listener saw. */
export const smsSubscribeRequest = z.object({
  spotifyUserId: z.string().check(z.minLength(1), z.maxLength(256)),
  spotifyUserEmail: z.nullish(z.string().check(z.maxLength(320))),
  spotifyUserDisplayName: z.nullish(z.string().check(z.maxLength(500))),
  phone: z.nullish(z.string().check(z.maxLength(1000))),
  /** The version of the consent text the sheet showed; the server refuses one it does not know. */
  consentVersion: z.optional(z.string().check(z.maxLength(40))),
});
export type SmsSubscribeRequest = z.input<typeof smsSubscribeRequest>;
export const okReply = z.object({ ok: z.literal(true) });

/** GET /rest/v1/user_profile?id=eq.<id>: the caller's own row; the number comes masked. */
export const userProfileRow = z.object({
  id: z.string(),
  phone_e164: z.optional(z.nullable(z.string())),
  display_name: z.optional(z.nullable(z.string())),
});

/** GET /auth/v1/user: the verified caller, in the shape stock auth clients read. */
export const authUser = z.object({
  id: z.string(),
  email: z.optional(z.string()),
  user_metadata: z.optional(z.object({ display_name: z.optional(z.nullable(z.string())) })),
});
export type AuthUser = z.infer<typeof authUser>;

/** GET /api/flags, and PUT /api/flags with the same body. */
export const flags = z.object({ sms_gate_enabled: z.boolean() });
export type Flags = z.infer<typeof flags>;
export const flagsUpdate = z.strictObject({ sms_gate_enabled: z.boolean() });

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
