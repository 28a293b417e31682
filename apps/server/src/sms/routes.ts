import { CONSENTS, isLanguage, type Language, SMS_CODE, smsConfirmRequest } from '@heavy-rotation/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import type { Db } from '../db/client.ts';
import { smsConsent, smsVerification, userProfile } from '../db/schema.ts';
import type { KeyedHash } from '../db/secrets.ts';
import type { Env } from '../env.ts';
import type { EventLog } from '../events/log.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret, type UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { languageOf } from '../http/language.ts';
import type { TextLimits } from '../http/limits.ts';
import type { ProfileCache } from '../profile/cache.ts';
import { createSendPace } from './pace.ts';
import { textedCountries } from './phone.ts';
import type { SmsProvider } from './provider.ts';
import { subscribeHandler } from './subscribe.ts';
import { type PhoneHasher, suppressed } from './suppression.ts';
import { smsText } from './texts.ts';
import { webhookHandler } from './webhook.ts';

export interface SmsRouteOptions {
  db: Db;
  guard: MiddlewareHandler<UserEnv>;
  now: () => number;
  hashPhone: PhoneHasher;
  /** Keyed hash of the codes: a stolen table cannot be tried against a million guesses offline. */
  hashCode: KeyedHash;
  /** Unset when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are not all given. */
  provider: SmsProvider | undefined;
  /** The budgets of codes texted (shared by every instance with Redis). */
  limits: TextLimits;
  /** The caller's address key, as every per-address limit counts it. */
  addressOf: (c: Context) => string;
  events: EventLog;
  /** Where the provider calls the webhook: this server's public origin, never a request's Host. */
  origin: string;
  profiles: ProfileCache;
}

/** Our number as people write it: "+1 500 555 0006". */
function spoken(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}

/**
 * The double opt-in (docs/decisions/032-sms-double-opt-in.md): sms-subscribe texts a code, sms-confirm
 * records the number and the consent once the code comes back; the provider's signed webhook carries
 * STOP and START, each message once.
 */
export function smsRoutes(
  env: Pick<Env, 'PRODUCT_NAME' | 'SMS_COUNTRIES' | 'PROVIDER_TIMEOUT_MS'>,
  options: SmsRouteOptions,
): Hono<UserEnv> {
  const { db, guard, now, hashPhone, hashCode, provider } = options;
  const app = new Hono<UserEnv>();
  const codeHash = (userId: string, phone: string, code: string) => hashCode(`${userId}\n${phone}\n${code}`);
  const optedOut = (language: Language) => {
    const text = smsText(language, 'sms.optedOut', { number: spoken(provider?.from ?? '') });
    return new HttpError(409, text, {}, { error: text, reason: 'opted_out' });
  };
  const isStopped = async (phone: string) => (await suppressed(db, hashPhone, [phone])).size > 0;

  app.post(
    '/sms-subscribe',
    guard,
    subscribeHandler({
      db,
      now,
      hashPhone,
      codeHash,
      provider,
      productName: env.PRODUCT_NAME,
      limits: options.limits,
      addressOf: options.addressOf,
      countries: textedCountries(env.SMS_COUNTRIES),
      events: options.events,
      pace: createSendPace(env.PROVIDER_TIMEOUT_MS),
      isStopped,
      optedOut,
    }),
  );

  app.post('/sms-confirm', guard, async (c) => {
    const { code } = await readJson(c, smsConfirmRequest);
    const user = c.get('user');
    const language = languageOf(c);
    const at = new Date(now());
    // One try is spent whatever the outcome, atomically: parallel guesses cannot share a try.
    const [pending] = await db
      .update(smsVerification)
      .set({ attempts: sql`${smsVerification.attempts} + 1` })
      .where(
        and(
          eq(smsVerification.userId, user.id),
          gt(smsVerification.expiresAt, at),
          lt(smsVerification.attempts, SMS_CODE.tries),
        ),
      )
      .returning();
    const expiredText = smsText(language, 'sms.expiredCode');
    const expired = new HttpError(410, expiredText, {}, { error: expiredText, reason: 'expired' });
    if (!pending) throw expired;
    if (!sameSecret(await codeHash(user.id, pending.phoneE164, code), pending.codeHash)) {
      const wrong = smsText(language, 'sms.wrongCode');
      throw new HttpError(400, wrong, {}, { error: wrong, reason: 'wrong_code' });
    }
    // The right code proves the number is the caller's: now a STOP on it may be told.
    if (await isStopped(pending.phoneE164)) throw optedOut(language);
    // The words the sheet showed, by the language and version it named (docs/languages.md, "Consent
    // texts"). Should the words have changed since the code went out, the code no longer proves them.
    const consent = isLanguage(pending.consentLanguage) ? CONSENTS[pending.consentLanguage] : undefined;
    if (consent?.version !== pending.consentVersion) throw expired;
    try {
      const recorded = await db.transaction(async (tx) => {
        // Only the request that removes the pending code records the consent: a code counts once.
        const [taken] = await tx
          .delete(smsVerification)
          .where(and(eq(smsVerification.userId, user.id), eq(smsVerification.codeHash, pending.codeHash)))
          .returning();
        if (!taken) return false;
        const values = {
          id: user.id,
          displayName: user.displayName ?? null,
          // Only what the identity provider itself returned: never an address from a request body.
          email: user.email ?? null,
          phoneE164: taken.phoneE164,
        };
        await tx
          .insert(userProfile)
          .values(values)
          .onConflictDoUpdate({ target: userProfile.id, set: { ...values, updatedAt: sql`now()` } });
        await tx.insert(smsConsent).values({
          userId: user.id,
          phoneE164: taken.phoneE164,
          consentText: consent.text,
          consentVersion: taken.consentVersion,
          consentLanguage: taken.consentLanguage,
          source: taken.source,
          userAgent: taken.userAgent,
          confirmedBy: 'sms-code',
          codeSentAt: taken.sentAt,
          codeMessageSid: taken.messageSid,
          createdAt: at,
        });
        return true;
      });
      if (!recorded) throw expired;
    } finally {
      // Whatever happened, the next read of this profile goes to the database.
      options.profiles.forget(user.id);
    }
    options.events.record({ name: 'sms_code_confirmed' });
    return c.json({ ok: true as const });
  });

  app.post('/sms-webhook', webhookHandler({ db, hashPhone, provider, origin: options.origin }));

  return app;
}
