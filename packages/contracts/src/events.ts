import * as z from 'zod/mini';

/**
 * First-party analytics events (docs/product.md, "Analytics events"). Strict objects: an unknown field
 * is refused, so nothing personal can ride along.
 */
export const analyticsEvent = z.discriminatedUnion('name', [
  z.strictObject({
    name: z.literal('page_view'),
    // A route path only: no query string, no fragment, no @ (emails), no long digit runs (phones).
    path: z.string().check(
      z.maxLength(200),
      z.regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a plain path'),
      z.refine((p) => !/\d{5,}/.test(p), 'must be a plain path'),
    ),
  }),
  z.strictObject({ name: z.literal('sms_gate_view') }),
  // The operator's stats (docs/operator.md, "Stats"): which source a sign-in came through, whether a guess
  // was right, the listener's first unlock, and whether a share was their first (kept on the device).
  z.strictObject({
    name: z.literal('sign_in'),
    source: z.enum(['spotify', 'lastfm', 'listenbrainz', 'export']),
  }),
  z.strictObject({ name: z.literal('quiz_guess'), correct: z.boolean() }),
  z.strictObject({ name: z.literal('first_unlock') }),
  z.strictObject({ name: z.literal('share'), first: z.boolean() }),
  z.strictObject({ name: z.literal('sms_gate_skipped') }),
  z.strictObject({
    name: z.literal('sms_phone_submitted'),
    phone_country: z.union([
      z.literal('unknown'),
      z.string().check(z.regex(/^\+?\d{1,4}$/, 'must be a calling code')),
    ]),
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;
export type EventName = AnalyticsEvent['name'];
