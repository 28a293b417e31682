import { randomInt } from 'node:crypto';
import {
  CONSENT_TEXT,
  CONSENT_VERSION,
  optedOutText,
  SMS_CODE,
  SMS_TEXTS,
  smsConfirmRequest,
  smsSubscribeRequest,
} from '@heavy-rotation/contracts';
import { checkPhone } from '@heavy-rotation/contracts/phone';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { type PhoneHasher, suppressed } from '../admin/subscribers.ts';
import type { Db } from '../db/client.ts';
import {
  smsConsent,
  smsInbound,
  smsSuppression,
  smsSuppressionErased,
  smsVerification,
  userProfile,
} from '../db/schema.ts';
import type { KeyedHash } from '../db/secrets.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret, type UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { START_WORDS, STOP_WORDS } from '../sms/consent.ts';
import { maskPhone } from '../sms/phone.ts';
import { type SmsProvider, SmsSendError, UNSUBSCRIBED_RECIPIENT } from '../sms/provider.ts';
import type { ProfileCache } from './profile-cache.ts';

function sourcePage(referer: string | undefined): string {
  try {
    return referer ? new URL(referer).pathname.slice(0, 200) : 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface SmsRouteOptions {
  db: Db;
  guard: MiddlewareHandler<UserEnv>;
  now: () => number;
  hashPhone: PhoneHasher;
  /** Keyed hash of the codes: a stolen table cannot be tried against a million guesses offline. */
  hashCode: KeyedHash;
  /** Unset when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are not all given. */
  provider: SmsProvider | undefined;
  /** Codes texted per listener, and per number, in a window (shared by every instance on PostgreSQL). */
  sendsPerListener: RateLimiter;
  sendsPerNumber: RateLimiter;
  /** Where the provider calls the webhook: this server's public origin, never a request's Host. */
  origin: string;
  profiles?: ProfileCache;
}

const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

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
export function smsRoutes(env: Pick<Env, 'PRODUCT_NAME'>, options: SmsRouteOptions): Hono<UserEnv> {
  const { db, guard, now, hashPhone, hashCode, provider } = options;
  const app = new Hono<UserEnv>();
  const codeHash = (userId: string, phone: string, code: string) => hashCode(`${userId}\n${phone}\n${code}`);
  const optedOut = () =>
    new HttpError(
      409,
      optedOutText(spoken(provider?.from ?? '')),
      {},
      {
        error: optedOutText(spoken(provider?.from ?? '')),
        reason: 'opted_out',
      },
    );
  const isStopped = async (phone: string) => (await suppressed(db, hashPhone, [phone])).size > 0;

  app.post('/sms-subscribe', guard, async (c) => {
    const body = await readJson(c, smsSubscribeRequest);
    const user = c.get('user');
    if (body.spotifyUserId !== user.id)
      throw new HttpError(403, 'spotifyUserId: does not match the signed-in user');
    // The record must hold the words the listener agreed to: a sheet showing older words is refused.
    if (body.consentVersion !== undefined && body.consentVersion !== CONSENT_VERSION)
      throw new HttpError(409, 'consentVersion: the consent text has changed; reload to see the new words');
    const phone = checkPhone(body.phone);
    if (!phone.ok) throw new HttpError(400, phone.error);
    if (!provider) throw new HttpError(503, 'Texts are not set up on this server');
    // A number that replied STOP gets nothing from us, not even a code: only its owner can lift it.
    if (await isStopped(phone.e164)) throw optedOut();
    const at = now();
    const [pending] = await db.select().from(smsVerification).where(eq(smsVerification.userId, user.id));
    const wait = pending ? pending.sentAt.getTime() + SMS_CODE.resendAfterSeconds * 1000 - at : 0;
    if (wait > 0)
      throw new HttpError(429, 'Wait a little before asking for a new code', {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    await options.sendsPerListener.spend(user.id);
    await options.sendsPerNumber.spend(await hashPhone(phone.e164));
    const code = String(randomInt(0, 10 ** SMS_CODE.digits)).padStart(SMS_CODE.digits, '0');
    const hash = await codeHash(user.id, phone.e164, code);
    const row = {
      userId: user.id,
      phoneE164: phone.e164,
      codeHash: hash,
      attempts: 0,
      expiresAt: new Date(at + SMS_CODE.ttlSeconds * 1000),
      sentAt: new Date(at),
      messageSid: null,
      consentVersion: CONSENT_VERSION,
      source: sourcePage(c.req.header('Referer')),
      userAgent: c.req.header('User-Agent')?.slice(0, 512) ?? null,
    };
    await db
      .insert(smsVerification)
      .values(row)
      .onConflictDoUpdate({ target: smsVerification.userId, set: row });
    // The text goes out after the row is written and outside any transaction (no network call in one).
    let sid: string;
    try {
      sid = await provider.send(
        phone.e164,
        `${env.PRODUCT_NAME}: your code is ${code}. It expires in ${SMS_CODE.ttlSeconds / 60} minutes. Reply STOP to opt out.`,
      );
    } catch (error) {
      await db
        .delete(smsVerification)
        .where(and(eq(smsVerification.userId, user.id), eq(smsVerification.codeHash, hash)));
      if (error instanceof SmsSendError && error.code === UNSUBSCRIBED_RECIPIENT) {
        // The provider holds a STOP we had not heard of: keep it, and say so.
        await db
          .insert(smsSuppression)
          .values({ phoneE164: phone.e164, keyword: 'STOP' })
          .onConflictDoNothing();
        throw optedOut();
      }
      throw new HttpError(502, "We couldn't text that number. Try again in a moment.", {}, undefined, {
        cause: error,
      });
    }
    await db
      .update(smsVerification)
      .set({ messageSid: sid })
      .where(and(eq(smsVerification.userId, user.id), eq(smsVerification.codeHash, hash)));
    return c.json(
      {
        ok: true as const,
        sentTo: maskPhone(phone.e164) ?? '',
        expiresInSeconds: SMS_CODE.ttlSeconds,
        resendAfterSeconds: SMS_CODE.resendAfterSeconds,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.post('/sms-confirm', guard, async (c) => {
    const { code } = await readJson(c, smsConfirmRequest);
    const user = c.get('user');
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
    const expired = new HttpError(
      410,
      SMS_TEXTS.expiredCode,
      {},
      { error: SMS_TEXTS.expiredCode, reason: 'expired' },
    );
    if (!pending) throw expired;
    if (!sameSecret(await codeHash(user.id, pending.phoneE164, code), pending.codeHash)) {
      throw new HttpError(400, SMS_TEXTS.wrongCode, {}, { error: SMS_TEXTS.wrongCode, reason: 'wrong_code' });
    }
    if (await isStopped(pending.phoneE164)) throw optedOut();
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
          consentText: CONSENT_TEXT,
          consentVersion: taken.consentVersion,
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
      options.profiles?.forget(user.id);
    }
    return c.json({ ok: true as const }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/sms-webhook', async (c) => {
    if (!provider) return c.json({ error: 'Not found' }, 404);
    const type = c.req.header('Content-Type') ?? '';
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))
      throw new HttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
    const params = new URLSearchParams(await c.req.text());
    // The provider signs the URL it called: our public origin and the path, with any query string.
    const url = `${options.origin}${c.req.path}${new URL(c.req.url).search}`;
    if (!provider.verify(url, params, c.req.header('X-Twilio-Signature')))
      throw new HttpError(403, 'Invalid signature');
    const field = (name: string) => params.get(name) ?? '';
    const [from, to, text, messageSid] = [field('From'), field('To'), field('Body'), field('MessageSid')];
    if (!MESSAGE_SID.test(messageSid)) throw new HttpError(400, 'MessageSid: expected SM… or MM…');
    if (text.length > 1600) throw new HttpError(400, 'Body: at most 1600 characters');
    if (to !== provider.from) throw new HttpError(400, 'To: not our number');
    let phone: string;
    try {
      phone = parsePhoneNumberWithError(from).number;
    } catch {
      throw new HttpError(400, 'From: invalid phone number');
    }
    const word =
      text
        .trim()
        .split(/\s+/)[0]
        ?.toUpperCase()
        .replace(/[^A-Z]/g, '') ?? '';
    const hash = await hashPhone(phone);
    await db.transaction(async (tx) => {
      // Each MessageSid counts once, on every instance: a replayed call changes nothing.
      const [fresh] = await tx
        .insert(smsInbound)
        .values({ messageSid })
        .onConflictDoNothing()
        .returning({ sid: smsInbound.messageSid });
      if (!fresh) return;
      if (STOP_WORDS.has(word)) {
        await tx.insert(smsSuppression).values({ phoneE164: phone, keyword: word }).onConflictDoNothing();
      } else if (START_WORDS.has(word)) {
        await tx.delete(smsSuppression).where(eq(smsSuppression.phoneE164, phone));
        await tx.delete(smsSuppressionErased).where(eq(smsSuppressionErased.phoneHash, hash));
      }
    });
    return c.body(TWIML, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  });

  return app;
}
