import { eq } from 'drizzle-orm';
import type { Handler } from 'hono';
import { parsePhoneNumberWithError } from 'libphonenumber-js';
import type { Db } from '../db/client.ts';
import { smsInbound, smsSuppression, smsSuppressionErased } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { replyIntent } from './consent.ts';
import type { SmsProvider } from './provider.ts';
import type { PhoneHasher } from './suppression.ts';

const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

/**
 * POST sms-webhook: the provider's signed call for each text a phone sends us
 * (docs/decisions/032-sms-double-opt-in.md). An opt-out word anywhere in it suppresses the number; only
 * a message that is just START or UNSTOP lifts that. Each MessageSid counts once, on every instance.
 */
export function webhookHandler(deps: {
  db: Db;
  hashPhone: PhoneHasher;
  provider: SmsProvider | undefined;
  /** Where the provider calls the webhook: this server's public origin, never a request's Host. */
  origin: string;
}): Handler {
  const { db, provider } = deps;
  return async (c) => {
    if (!provider) return c.json({ error: 'Not found' }, 404);
    const type = c.req.header('Content-Type') ?? '';
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))
      throw new HttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
    const params = new URLSearchParams(await c.req.text());
    // The provider signs the URL it called: our public origin and the path, with any query string.
    const url = `${deps.origin}${c.req.path}${new URL(c.req.url).search}`;
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
    const reply = replyIntent(text);
    const hash = await deps.hashPhone(phone);
    await db.transaction(async (tx) => {
      // Each MessageSid counts once, on every instance: a replayed call changes nothing.
      const [fresh] = await tx
        .insert(smsInbound)
        .values({ messageSid })
        .onConflictDoNothing()
        .returning({ sid: smsInbound.messageSid });
      if (!fresh) return;
      if (reply.intent === 'stop') {
        await tx
          .insert(smsSuppression)
          .values({ phoneE164: phone, keyword: reply.keyword })
          .onConflictDoNothing();
      } else if (reply.intent === 'start') {
        await tx.delete(smsSuppression).where(eq(smsSuppression.phoneE164, phone));
        await tx.delete(smsSuppressionErased).where(eq(smsSuppressionErased.phoneHash, hash));
      }
    });
    return c.body(TWIML, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
  };
}
