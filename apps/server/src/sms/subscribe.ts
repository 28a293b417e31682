import { randomInt } from 'node:crypto';
import {
  CONSENTS,
  isLanguage,
  type Language,
  SMS_CODE,
  smsSubscribeRequest,
} from '@heavy-rotation/contracts';
import { checkPhone, type PhoneProblem, phoneCountry } from '@heavy-rotation/contracts/phone';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Context, Handler } from 'hono';
import type { Db } from '../db/client.ts';
import { smsConsent, smsSuppression, smsVerification } from '../db/schema.ts';
import type { EventLog } from '../events/log.ts';
import { HttpError } from '../http/errors.ts';
import type { UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { languageOf } from '../http/language.ts';
import type { TextLimits } from '../http/limits.ts';
import { spendTextBudgets } from './budget.ts';
import type { SendPace } from './pace.ts';
import { maskPhone, numberBlock, textable } from './phone.ts';
import { type SmsProvider, SmsSendError, UNSUBSCRIBED_RECIPIENT } from './provider.ts';
import type { PhoneHasher } from './suppression.ts';
import { smsText } from './texts.ts';

export interface SubscribeDeps {
  db: Db;
  now: () => number;
  hashPhone: PhoneHasher;
  codeHash: (userId: string, phone: string, code: string) => Promise<string>;
  provider: SmsProvider | undefined;
  productName: string;
  limits: TextLimits;
  addressOf: (c: Context) => string;
  countries: ReadonlySet<string>;
  events: EventLog;
  pace: SendPace;
  /** Whether a number replied STOP (plainly, or as a keyed hash after an erasure). */
  isStopped: (phone: string) => Promise<boolean>;
  optedOut: (language: Language) => HttpError;
}

const PHONE_PROBLEMS = {
  required: 'sms.phoneRequired',
  invalid: 'sms.phoneInvalid',
  format: 'sms.phoneFormat',
} as const satisfies Record<PhoneProblem, string>;

/**
 * The consent the sheet showed: its language (English for a sheet that names none: those spoke only
 * English) and its version, which must be that language's current one (docs/languages.md, "Consent texts").
 */
function shownConsent(
  body: { consentVersion?: string | undefined; consentLanguage?: string | undefined },
  language: Language,
) {
  const shown = body.consentLanguage ?? 'en';
  if (!isLanguage(shown)) throw new HttpError(400, smsText(language, 'sms.consentLanguage'));
  const consent = CONSENTS[shown];
  // The record must hold the words the listener agreed to: a sheet showing older words is refused.
  if (body.consentVersion !== undefined && body.consentVersion !== consent.version)
    throw new HttpError(409, smsText(language, 'sms.consentChanged'));
  return { language: shown, version: consent.version };
}

function sourcePage(referer: string | undefined): string {
  try {
    return referer ? new URL(referer).pathname.slice(0, 200) : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * POST sms-subscribe: texts a 6-digit code (docs/decisions/032-sms-double-opt-in.md). Only numbers of
 * the countries served and of a kind a person carries, within every budget (docs/decisions/
 * 020-abuse-limits.md, "Texts on our bill"). A number that replied STOP gets no text, and the answer
 * says so only to a listener who once confirmed that number; anyone else gets the answer any number
 * gets ("Who said STOP").
 */
export function subscribeHandler(deps: SubscribeDeps): Handler<UserEnv> {
  const { db, now, provider, events } = deps;
  const refused = (detail: 'number' | 'limit' | 'paused') =>
    events.record({ name: 'sms_code_refused', detail });
  const confirmedBefore = async (userId: string, phone: string) =>
    (
      await db
        .select({ id: smsConsent.id })
        .from(smsConsent)
        .where(
          and(
            eq(smsConsent.userId, userId),
            eq(smsConsent.phoneE164, phone),
            isNotNull(smsConsent.confirmedBy),
          ),
        )
        .limit(1)
    ).length > 0;

  return async (c) => {
    const body = await readJson(c, smsSubscribeRequest);
    const user = c.get('user');
    // The code and every refusal in the listener's language (docs/languages.md).
    const language = languageOf(c);
    if (body.spotifyUserId !== user.id)
      throw new HttpError(403, 'spotifyUserId: does not match the signed-in user');
    const consent = shownConsent(body, language);
    const phone = checkPhone(body.phone);
    if (!phone.ok) throw new HttpError(400, smsText(language, PHONE_PROBLEMS[phone.problem]));
    if (!provider) throw new HttpError(503, smsText(language, 'sms.notSetUp'));
    const fit = await textable(phone.e164, deps.countries, language);
    if (!fit.ok) {
      refused('number');
      const reason = fit.reason === 'country' ? 'country_not_served' : 'number_type';
      throw new HttpError(400, fit.error, {}, { error: fit.error, reason });
    }
    const at = now();
    const [pending] = await db.select().from(smsVerification).where(eq(smsVerification.userId, user.id));
    const wait = pending ? pending.sentAt.getTime() + SMS_CODE.resendAfterSeconds * 1000 - at : 0;
    if (wait > 0)
      throw new HttpError(429, smsText(language, 'sms.wait'), {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    const [owner, stopped] = await Promise.all([
      confirmedBefore(user.id, phone.e164),
      deps.isStopped(phone.e164),
    ]);
    // Only a listener who once confirmed this number may hear that it said STOP, at no cost.
    if (owner && stopped) throw deps.optedOut(language);
    // Anyone else spends every budget as for any number before anything tells the two apart.
    await spendTextBudgets(
      deps.limits,
      {
        listener: user.id,
        address: deps.addressOf(c),
        numberKey: await deps.hashPhone(phone.e164),
        blockKey: await deps.hashPhone(`block:${numberBlock(phone.e164)}`),
      },
      language,
    ).catch((error: unknown) => {
      if (error instanceof HttpError) refused(error.status === 503 ? 'paused' : 'limit');
      throw error;
    });
    // A STOPped number's row holds a code nobody is sent: tries at it fail as wrong guesses do.
    const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, '0');
    const hash = await deps.codeHash(user.id, phone.e164, code);
    const row = {
      userId: user.id,
      phoneE164: phone.e164,
      codeHash: hash,
      attempts: 0,
      expiresAt: new Date(at + SMS_CODE.ttlSeconds * 1000),
      sentAt: new Date(at),
      messageSid: null,
      consentVersion: consent.version,
      consentLanguage: consent.language,
      source: sourcePage(c.req.header('Referer')),
      userAgent: c.req.header('User-Agent')?.slice(0, 512) ?? null,
    };
    await db
      .insert(smsVerification)
      .values(row)
      .onConflictDoUpdate({ target: smsVerification.userId, set: row });
    const mine = and(eq(smsVerification.userId, user.id), eq(smsVerification.codeHash, hash));
    const answer = () =>
      c.json({
        ok: true as const,
        sentTo: maskPhone(phone.e164) ?? '',
        expiresInSeconds: SMS_CODE.ttlSeconds,
        resendAfterSeconds: SMS_CODE.resendAfterSeconds,
      });
    if (stopped) {
      // As long as a text takes to go out, so the time of the answer says nothing either.
      await deps.pace.wait();
      return answer();
    }
    // The text goes out after the row is written and outside any transaction (no network call in one).
    let sid: string;
    try {
      sid = await deps.pace.timed(() =>
        provider.send(
          phone.e164,
          smsText(language, 'sms.code', {
            product: deps.productName,
            code,
            minutes: SMS_CODE.ttlSeconds / 60,
          }),
        ),
      );
    } catch (error) {
      if (error instanceof SmsSendError && error.code === UNSUBSCRIBED_RECIPIENT) {
        // The provider holds a STOP we had not heard of: keep it, and answer as for any STOPped number.
        await db
          .insert(smsSuppression)
          .values({ phoneE164: phone.e164, keyword: 'STOP' })
          .onConflictDoNothing();
        if (!owner) return answer();
        await db.delete(smsVerification).where(mine);
        throw deps.optedOut(language);
      }
      await db.delete(smsVerification).where(mine);
      throw new HttpError(502, smsText(language, 'sms.sendFailed'), {}, undefined, {
        cause: error,
      });
    }
    await db.update(smsVerification).set({ messageSid: sid }).where(mine);
    events.record({ name: 'sms_code_sent', phoneCountry: phoneCountry(phone.e164) });
    return answer();
  };
}
