import * as z from 'zod/mini';

// The operator console's API under /api/admin (docs/operator.md). The server checks requests with these;
// the console checks the replies.

export const adminSignIn = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(500)),
  /** The first operator's name, when ADMIN_TOKEN creates that account; otherwise not used. */
  name: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});
export const adminSession = z.object({
  enabled: z.boolean(),
  actor: z.nullable(z.string()),
  /** The first operator's own token, answered once when ADMIN_TOKEN created the account. */
  token: z.optional(z.string()),
});

/** POST /api/admin/operators body. */
export const operatorAdd = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(60)),
});
export const operatorRow = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
});
export type OperatorRow = z.infer<typeof operatorRow>;
export const operatorList = z.object({ operators: z.array(operatorRow) });
/** The new operator and their token, shown this once: only its hash is kept. */
export const operatorAdded = z.object({ operator: operatorRow, token: z.string() });
/** DELETE /api/admin/operators/:id reply: the account, now revoked. */
export const operatorRevoked = z.object({ operator: operatorRow });
export type AdminSession = z.infer<typeof adminSession>;

export const WAITLIST_STATUSES = ['waiting', 'invited', 'joined'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
const page = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)));
export const PAGE_SIZES = [25, 50, 100] as const;

/** GET /api/admin/waitlist query. */
export const waitlistQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(254))),
  status: z.optional(z.enum(WAITLIST_STATUSES)),
  sort: z.optional(z.enum(['created', 'email', 'status'])),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page,
  size: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export const mailState = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  transport: z.nullable(z.string()),
});
export const waitlistRow = z.object({
  id: z.number(),
  email: z.string(),
  createdAt: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  invitedAt: z.nullable(z.string()),
  /** The language the signup page was read in, that of the invitation (docs/languages.md). */
  language: z.string(),
  mail: z.nullable(mailState),
});
export type WaitlistRow = z.infer<typeof waitlistRow>;
export const waitlistPage = z.object({
  total: z.number(),
  rows: z.array(waitlistRow),
  counts: z.object({ waiting: z.number(), invited: z.number(), joined: z.number() }),
  /** Spotify admits this many allow-listed listeners per app; `used`: invited or joined signups. */
  allowList: z.object({ used: z.number(), limit: z.number() }),
});
export type WaitlistPage = z.infer<typeof waitlistPage>;
export const inviteRequest = z.strictObject({
  ids: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.minLength(1, 'Choose at least one signup'), z.maxLength(500)),
});
export const inviteReply = z.object({ queued: z.number() });

export const outboxRow = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  ...mailState.shape,
});
export type OutboxRow = z.infer<typeof outboxRow>;
export const outboxPage = z.object({ total: z.number(), rows: z.array(outboxRow), smtp: z.boolean() });

export const listQuery = z.object({ q: z.optional(z.string().check(z.maxLength(200))), page });
export const consentRecord = z.object({
  text: z.string(),
  version: z.string(),
  /** The language of the sheet the words were shown in (each language's words have their own versions). */
  language: z.string(),
  createdAt: z.string(),
  source: z.string(),
  userAgent: z.nullable(z.string()),
  /** How it was confirmed: `sms-code`, when the code was texted, the text's provider id, when it came back. */
  confirmedBy: z.nullable(z.string()),
  codeSentAt: z.nullable(z.string()),
  codeMessageSid: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
});
export const subscriberRow = z.object({
  id: z.string(),
  displayName: z.nullable(z.string()),
  phoneMasked: z.string(),
  suppressed: z.boolean(),
  updatedAt: z.string(),
  consents: z.array(consentRecord),
});
export type SubscriberRow = z.infer<typeof subscriberRow>;
export const subscribersPage = z.object({ total: z.number(), rows: z.array(subscriberRow) });
export const revealReply = z.object({ phone: z.string() });

export const STATS_DAYS = [7, 30, 90] as const;
export const statsQuery = z.object({ days: z.optional(z.enum(['7', '30', '90'])) });
/** Counts per day (oldest first) of each series the console draws. */
export const statsReply = z.object({
  days: z.array(z.string()),
  series: z.record(z.string(), z.array(z.number())),
  funnel: z.object({ signIns: z.number(), firstUnlocks: z.number(), firstShares: z.number() }),
});
export type StatsReply = z.infer<typeof statsReply>;

export const flagRow = z.object({
  key: z.string(),
  enabled: z.boolean(),
  description: z.string(),
  updatedAt: z.nullable(z.string()),
});
export const flagList = z.object({ flags: z.array(flagRow) });
export type FlagRow = z.infer<typeof flagRow>;
export const flagUpdate = z.strictObject({ enabled: z.boolean() });
export const flagReply = z.object({ key: z.string(), enabled: z.boolean() });
export const FLAG_KEY = /^[a-z][a-z0-9_]{0,62}$/;

export const auditRow = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  detail: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPage = z.object({ total: z.number(), rows: z.array(auditRow) });

/** DELETE /api/admin/subscribers/:id and /api/admin/waitlist/:id: what the erasure removed, kind by kind. */
export const erasureReply = z.object({
  removed: z.object({
    profiles: z.number(),
    numbers: z.number(),
    consentRecords: z.number(),
    pendingCodes: z.number(),
    sourceSessions: z.number(),
    savedLists: z.number(),
    chartSnapshots: z.number(),
    generatorCounts: z.number(),
    challengeLinks: z.number(),
    waitlistSignups: z.number(),
    outboxMail: z.number(),
  }),
});
export type ErasureReply = z.infer<typeof erasureReply>;
