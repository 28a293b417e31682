import { createHmac } from 'node:crypto';
import type { Env } from '../env.ts';
import { withDeadline } from '../http/deadline.ts';
import { sameSecret } from '../http/identity.ts';

interface SmsProviderOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** Why a text did not go out: the provider's error code when it gave one (21610: the number sent STOP). */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
  constructor(
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(`SMS provider answered ${status}${code ? ` (error ${code})` : ''}`);
  }
}

/** Twilio's error for a recipient that replied STOP: it refuses to text them. */
export const UNSUBSCRIBED_RECIPIENT = 21610;

/**
 * Texts through Twilio's Messages API convention (docs/decisions/032-sms-double-opt-in.md):
 * `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json`, HTTP Basic `sid:token`, form fields To, From,
 * Body; 201 with the message's `sid`.
 */
function createSmsProvider(options: SmsProviderOptions) {
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    from: options.from,
    /** Sends one text; resolves with the provider's message sid. */
    async send(to: string, body: string): Promise<string> {
      const res = await withDeadline(
        options.fetch(endpoint, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: options.from, Body: body }).toString(),
        }),
        options.timeoutMs,
      );
      const reply = (await res.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (res.status !== 201 && res.status !== 200)
        throw new SmsSendError(res.status, typeof reply.code === 'number' ? reply.code : undefined);
      if (typeof reply.sid !== 'string') throw new SmsSendError(res.status, undefined);
      return reply.sid;
    },
    /**
     * Whether a webhook call carries the provider's signature: X-Twilio-Signature is base64 HMAC-SHA1,
     * keyed with the auth token, of the full URL followed by each POST parameter's name and value, sorted.
     */
    verify(url: string, params: URLSearchParams, signature: string | undefined): boolean {
      const names = [...new Set(params.keys())].sort();
      const data = names.reduce(
        (acc, name) =>
          acc +
          params
            .getAll(name)
            .map((v) => name + v)
            .join(''),
        url,
      );
      const expected = createHmac('sha1', options.authToken).update(data, 'utf8').digest('base64');
      return sameSecret(signature, expected);
    },
  };
}
export type SmsProvider = ReturnType<typeof createSmsProvider>;

/** The provider, when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are all set (else numbers are refused). */
export function smsProviderFromEnv(
  env: Pick<Env, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'PROVIDER_TIMEOUT_MS'>,
  shared: { fetch: typeof fetch },
): SmsProvider | undefined {
  if (!env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM) return undefined;
  return createSmsProvider({
    apiUrl: env.SMS_API_URL,
    accountSid: env.SMS_ACCOUNT_SID,
    authToken: env.SMS_AUTH_TOKEN,
    from: env.SMS_FROM,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    fetch: shared.fetch,
  });
}
