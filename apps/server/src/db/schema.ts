import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  source: text('source').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});

/** Numbers that replied STOP: nothing may be sent to them. */
export const smsSuppression = pgTable('sms_suppression', {
  phoneE164: text('phone_e164').primaryKey(),
  keyword: text('keyword').notNull(),
  createdAt: createdAt(),
});

export const waitlistSignup = pgTable('waitlist_signup', {
  id: serial('id').primaryKey(),
  emailNormalised: text('email_normalised').notNull().unique(),
  email: text('email').notNull(),
  subject: text('subject'),
  createdAt: createdAt(),
});

/** Generated success lines, one per normalised artist name. */
export const artistMessage = pgTable('artist_message', {
  normalisedName: text('normalised_name').primaryKey(),
  artistName: text('artist_name').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** First-party analytics: no user id, no personal data. */
export const analyticsEvent = pgTable('analytics_event', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  path: text('path'),
  phoneCountry: text('phone_country'),
  createdAt: createdAt(),
});

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
