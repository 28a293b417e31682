import { createHmac } from 'node:crypto';
import { CONSENT_TEXT, CONSENT_VERSION, smsSubscribeRequest } from '@heavy-rotation/contracts';
import { checkPhone } from '@heavy-rotation/contracts/phone';
import { eq, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import * as z from 'zod';
import type { PhoneHasher } from '../admin/subscribers.ts';
import type { Db } from '../db/client.ts';
import { smsConsent, smsSuppression, smsSuppressionErased, userProfile } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret, type UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { START_WORDS, STOP_WORDS } from '../sms/consent.ts';
import type { ProfileCache } from './profile-cache.ts';

const webhookBody = z.object({ from: z.string().min(1).max(40), text: z.string().max(1600) });

function sourcePage(referer: string | undefined): string {
  try {
    return referer ? new URL(referer).pathname.slice(0, 200) : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** sms-subscribe (user-scoped) and the provider's STOP/START webhook (HMAC-signed). */
export function smsRoutes(
  db: Db,
  guard: MiddlewareHandler<UserEnv>,
  now: () => number,
  hashPhone: PhoneHasher,
  webhookSecret?: string,
  profiles?: ProfileCache,
): Hono<UserEnv> {
  const app = new Hono<UserEnv>();

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
    const values = {
      id: user.id,
      displayName: user.displayName ?? body.spotifyUserDisplayName ?? null,
      email: user.email ?? body.spotifyUserEmail ?? null,
      phoneE164: phone.e164,
    };
    const hash = await hashPhone(phone.e164);
    try {
      await db.transaction(async (tx) => {
        await tx
          .insert(userProfile)
          .values(values)
          .onConflictDoUpdate({ target: userProfile.id, set: { ...values, updatedAt: sql`now()` } });
        await tx.insert(smsConsent).values({
          userId: user.id,
          phoneE164: phone.e164,
          consentText: CONSENT_TEXT,
          consentVersion: CONSENT_VERSION,
          source: sourcePage(c.req.header('Referer')),
          userAgent: c.req.header('User-Agent')?.slice(0, 512) ?? null,
        });
        // Fresh, explicit consent from the number's owner lifts an earlier STOP.
        await tx.delete(smsSuppression).where(eq(smsSuppression.phoneE164, phone.e164));
        await tx.delete(smsSuppressionErased).where(eq(smsSuppressionErased.phoneHash, hash));
      });
    } finally {
      // Whatever happened, the next read of this profile goes to the database.
      profiles?.forget(user.id);
    }
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/sms-webhook', async (c) => {
    if (!webhookSecret) return c.json({ error: 'Not found' }, 404);
    const raw = await c.req.text();
    const timestamp = c.req.header('X-Signature-Timestamp') ?? '';
    const age = Math.abs(now() / 1000 - Number(timestamp));
    const expected = signWebhook(webhookSecret, timestamp, raw);
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      !(age <= 300) ||
      !sameSecret(c.req.header('X-Signature'), expected)
    ) {
      throw new HttpError(401, 'Invalid signature');
    }
    let parsed: z.infer<typeof webhookBody>;
    try {
      parsed = webhookBody.parse(JSON.parse(raw));
    } catch {
      throw new HttpError(400, 'body: expected { from, text }');
    }
    let phone: string;
    try {
      phone = parsePhoneNumberWithError(parsed.from, 'US').number;
    } catch {
      throw new HttpError(400, 'from: invalid phone number');
    }
    const word =
      parsed.text
        .trim()
        .split(/\s+/)[0]
        ?.toUpperCase()
        .replace(/[^A-Z]/g, '') ?? '';
    if (STOP_WORDS.has(word)) {
      await db.insert(smsSuppression).values({ phoneE164: phone, keyword: word }).onConflictDoNothing();
      return c.json({ ok: true, action: 'suppressed' });
    }
    if (START_WORDS.has(word)) {
      await db.delete(smsSuppression).where(eq(smsSuppression.phoneE164, phone));
      await db.delete(smsSuppressionErased).where(eq(smsSuppressionErased.phoneHash, await hashPhone(phone)));
      return c.json({ ok: true, action: 'resumed' });
    }
    return c.json({ ok: true, action: 'ignored' });
  });

  return app;
}

/** The signature the webhook expects, for the provider's side and for tests. */
export function signWebhook(secret: string, timestamp: number | string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
