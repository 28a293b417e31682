import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One row per provider user; id is the provider's user id. */
export const userProfile = pgTable('user_profile', {
  id: text('id').primaryKey(),
  displayName: text('display_name'),
  email: text('email'),
  phoneE164: text('phone_e164'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only proof of each SMS consent (a trigger in the migration refuses updates and deletes). */
export const smsConsent = pgTable('sms_consent', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull(),
  phoneE164: text('phone_e164').notNull(),
  consentText: text('consent_text').notNull(),
  consentVersion: text('consent_version').notNull(),
  /**
   * The language of the words shown (docs/languages.md, "Consent texts"): a version is one language's.
   * Records from before the other languages showed the English words.
   */
  consentLanguage: text('consent_language').notNull().default('en'),
  source: text('source').notNull(),
  userAgent: text('user_agent'),
  /** How the number was shown to be the listener's: `sms-code` (the texted code came back); null before. */
  confirmedBy: text('confirmed_by'),
  /** When the code was texted, and the provider's id of that text. */
  codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
  codeMessageSid: text('code_message_sid'),
  createdAt: createdAt(),
});

/**
 * A code texted to a number and not yet confirmed, one per listener (docs/operator.md, "Proving a
 * consent"): the code only as a keyed hash, with what the listener agreed to on which page.
 */
export const smsVerification = pgTable('sms_verification', {
  userId: text('user_id').primaryKey(),
  phoneE164: text('phone_e164').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  messageSid: text('message_sid'),
  consentVersion: text('consent_version').notNull(),
  consentLanguage: text('consent_language').notNull(),
  source: text('source').notNull(),
  userAgent: text('user_agent'),
});

/** Inbound texts already handled, by the provider's MessageSid: a replayed webhook call does nothing. */
export const smsInbound = pgTable('sms_inbound', {
  messageSid: text('message_sid').primaryKey(),
  createdAt: createdAt(),
});

/** Numbers that replied STOP: nothing may be sent to them. */
export const smsSuppression = pgTable('sms_suppression', {
  phoneE164: text('phone_e164').primaryKey(),
  keyword: text('keyword').notNull(),
  createdAt: createdAt(),
});

export const waitlistSignup = pgTable(
  'waitlist_signup',
  {
    id: serial('id').primaryKey(),
    emailNormalised: text('email_normalised').notNull().unique(),
    email: text('email').notNull(),
    subject: text('subject'),
    /** When the operator last invited this address (docs/operator.md, "Waitlist"). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The language the signup page was read in, that of the invitation (docs/languages.md, "Catalogs"). */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [index('waitlist_signup_created').on(t.createdAt)],
);

/** Generated success lines, one per language and normalised artist name (lines stored before languages are English). */
export const artistMessage = pgTable(
  'artist_message',
  {
    language: text('language').notNull().default('en'),
    normalisedName: text('normalised_name').notNull(),
    artistName: text('artist_name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.language, t.normalisedName] })],
);

/** First-party analytics: no user id, no personal data. */
export const analyticsEvent = pgTable('analytics_event', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  path: text('path'),
  phoneCountry: text('phone_country'),
  /** A sign-in's source, a guess's outcome, whether a share was the first: never anything personal. */
  detail: text('detail'),
  createdAt: createdAt(),
});

/**
 * Events counted per UTC day, name and detail ('' for none), added to by the statement that writes each
 * batch of events (src/events/log.ts): the console's stats read days, not events (docs/operator.md, "Stats").
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.detail] })],
);

export const featureFlag = pgTable('feature_flag', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Generator calls per user per UTC day, for the daily cap. */
export const generatorUsage = pgTable(
  'generator_usage',
  {
    userId: text('user_id').notNull(),
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Our own sign-ins for Last.fm and ListenBrainz listeners: the cookie's token is kept only as its SHA-256;
 * the source's key (Last.fm session key, ListenBrainz user token) never leaves the server.
 */
export const sourceSession = pgTable(
  'source_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The token this one replaced, still accepted for a minute so requests in flight do not fail. */
    previousHash: text('previous_hash'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    userId: text('user_id').notNull(),
    source: text('source').notNull(),
    sourceName: text('source_name').notNull(),
    displayName: text('display_name'),
    sourceKey: text('source_key').notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('source_session_previous_hash').on(t.previousHash),
    index('source_session_user').on(t.userId),
  ],
);

/** A source listener's top artists as last fetched, shared by every instance (kept an hour). */
export const sourceTopArtists = pgTable('source_top_artists', {
  userId: text('user_id').primaryKey(),
  artists: jsonb('artists').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/**
 * Artist images found for names (and MusicBrainz ids) of sources without images, shared by every
 * instance: hits and misses, each until `expiresAt` (docs/product.md, "Artist images").
 */
export const artistImage = pgTable('artist_image', {
  /** `mbid:<id>` or `name:<normalised name>`. */
  key: text('key').primaryKey(),
  /** Null: looked for and not found. */
  url: text('url'),
  width: integer('width'),
  height: integer('height'),
  source: text('source'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Each paced outside service's turns, for every instance (docs/architecture.md, "Pacing outside
 * services"): the next turn handed out, and when the last call started.
 */
export const upstreamPace = pgTable('upstream_pace', {
  /** `musicbrainz`, `deezer`, `itunes`: PACE_MS in upstream/pace.ts. */
  service: text('service').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }),
});

/**
 * Sound clues: the preview found for an artist name (or none), shared by every instance until
 * `expiresAt` (docs/decisions/035-sound-clues.md).
 */
export const clip = pgTable('clip', {
  /** `name:<normalised name>`. */
  key: text('key').primaryKey(),
  /** Null: looked for and not found. */
  url: text('url'),
  source: text('source'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One play of a sound clue: the opaque id the page plays it by, for one lookup, for a short while. */
export const clipPlay = pgTable(
  'clip_play',
  {
    /** 16 random bytes, base64url: nothing of the artist, new for every lookup. */
    id: text('id').primaryKey(),
    clipKey: text('clip_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('clip_play_expires').on(t.expiresAt)],
);

/**
 * The rankings a Last.fm or ListenBrainz listener was shown, by artist id, for the weekly chart
 * (docs/product.md, "The weekly chart"); a new row only when the ranking changed.
 */
export const chartSnapshot = pgTable(
  'chart_snapshot',
  {
    userId: text('user_id').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    artistIds: jsonb('artist_ids').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.takenAt] })],
);

/**
 * STOPs of erased listeners: the number only as a keyed hash (HMAC-SHA-256 with the `suppression` secret),
 * so the number is gone and a STOP is still honoured (docs/operator.md, "Erasing a listener").
 */
export const smsSuppressionErased = pgTable('sms_suppression_erased', {
  phoneHash: text('phone_hash').primaryKey(),
  keyword: text('keyword').notNull(),
  createdAt: createdAt(),
});

/** Server secrets every instance must share, made once by whichever instance needs one first. */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The console's operator accounts (docs/operator.md, "Operators"): each signs in with its own token, kept
 * only as its SHA-256. A revoked account's sessions stop working at once.
 */
export const operator = pgTable('operator', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Operator console sign-ins: the cookie's token kept only as its SHA-256, owned by an operator account. */
export const adminSession = pgTable('admin_session', {
  tokenHash: text('token_hash').primaryKey(),
  /** The account signed in: its name is the "who" of the audit log. */
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operator.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Every operator action: who, what, when. Append-only (a trigger refuses updates and deletes). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created').on(t.createdAt)],
);

/**
 * Email waiting to go out, being sent, sent or failed. Instances claim due rows with SKIP LOCKED, so each
 * message is handed to the mail server once (docs/operator.md, "Sending invitations").
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** queued, sending, sent, failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** smtp, or outbox when no mail server is set (demo mode). */
    transport: text('transport'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due').on(t.status, t.nextAttemptAt), index('mail_outbox_signup').on(t.signupId)],
);

/**
 * Who is fetching a listener's top artists from their source right now, across every instance: a lease
 * that ends by itself at `until`, so no transaction or lock is held while the source answers
 * (docs/decisions/020-abuse-limits.md).
 */
export const sourceRefreshLease = pgTable('source_refresh_lease', {
  userId: text('user_id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * A listener's challenge link (docs/product.md, "Challenge a friend"): a snapshot of their list, the name
 * they chose to show, and when it ends. No user id or email: the delete key is kept only as its SHA-256,
 * and a signed-in listener only as a keyed hash of their id (for the limit of live links and erasure).
 */
export const challenge = pgTable(
  'challenge',
  {
    /** 128 random bits, base64url: the link's only secret. */
    id: text('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    ownerHash: text('owner_hash'),
    name: text('name'),
    /** [{ id, name, image }] in rank order. */
    artists: jsonb('artists').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('challenge_owner').on(t.ownerHash), index('challenge_expires').on(t.expiresAt)],
);

/**
 * One friend's game of a challenge, by a play id of their device: the locked ranks their typed guesses
 * found (judged on the server), the score once finished, and the name they chose to add.
 */
export const challengePlay = pgTable(
  'challenge_play',
  {
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenge.id, { onDelete: 'cascade' }),
    playId: text('play_id').notNull(),
    score: integer('score').notNull(),
    name: text('name'),
    foundRanks: integer('found_ranks').array().notNull().default(sql`'{}'`),
    /** Null while the game is being played: only finished games are in the results. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.playId] })],
);
