import { CONSENTS } from '@heavy-rotation/contracts';
import { demoSources, type SentText } from '@heavy-rotation/emulator';
import { eq } from 'drizzle-orm';
import { smsSuppression } from '../db/schema.ts';
import type { TestServer } from '../test/harness.ts';

// What the SMS tests do over HTTP, as a listener, a phone and an operator would.

export const SITE = 'http://127.0.0.1:8787';
export const ADMIN_TOKEN = 'operator-token-0123456789';

/** A listener asking for codes: an identity anyone gets for free. */
export interface Caller {
  id: string;
  /** sms-subscribe from `address` (the server trusts one proxy: TRUST_PROXY=1). */
  subscribe(phone: unknown, address: string, headers?: Record<string, string>): Promise<Response>;
  confirm(code: string): Promise<Response>;
}

export function smsCalls(s: TestServer) {
  const caller = (id: string, auth: { token?: string; headers?: Record<string, string> }): Caller => ({
    id,
    subscribe: (phone, address, headers = {}) =>
      s.call('/functions/v1/sms-subscribe', {
        ...(auth.token ? { token: auth.token } : {}),
        json: { spotifyUserId: id, phone, consentVersion: CONSENTS.en.version },
        headers: { ...auth.headers, ...headers, 'X-Forwarded-For': address },
      }),
    confirm: (code) =>
      s.call('/functions/v1/sms-confirm', {
        ...(auth.token ? { token: auth.token } : {}),
        json: { code },
        headers: auth.headers ?? {},
      }),
  });
  const texts = async (to?: string) =>
    (
      (await (
        await s.emulator.request(`/twilio/_emulator/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)
      ).json()) as { messages: SentText[] }
    ).messages;
  return {
    texts,
    /** The code in the newest text to a number, read as its owner would. */
    lastCode: async (to: string) => /\b(\d{6})\b/.exec((await texts(to)).at(-1)?.body ?? '')?.[1] ?? '',
    spotify: async (id: string) => caller(id, { token: await s.token(id) }),
    /** A ListenBrainz listener, signed in with its token. */
    brainz: async (name: string) => {
      const account = demoSources.listenbrainz.find((l) => l.name === name);
      const signIn = await s.call('/auth/listenbrainz/session', { json: { token: account?.token } });
      const cookie = /(?:__Host-)?hr_session=[^;]+/.exec(signIn.headers.getSetCookie().join('\n'))?.[0] ?? '';
      return caller(`listenbrainz:${name}`, { headers: { Cookie: cookie } });
    },
    /** A reply from the phone, through the SMS emulator, which signs it as the provider does. */
    reply: async (from: string, text: string) => {
      const res = await s.emulator.request('/twilio/_emulator/reply', {
        method: 'POST',
        body: JSON.stringify({ from, body: text }),
        headers: { 'Content-Type': 'application/json' },
      });
      return ((await res.json()) as { webhookStatus: number }).webhookStatus;
    },
    stopsOf: (number: string) =>
      s.database.db.select().from(smsSuppression).where(eq(smsSuppression.phoneE164, number)),
    /** The console's calls, signed in with ADMIN_TOKEN (the first sign-in makes the operator). */
    operator: async () => {
      const res = await s.app.request('/api/admin/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
      });
      const cookie = /hr_admin=[^;]+/.exec(res.headers.getSetCookie().join('\n'))?.[0] ?? '';
      return async (path: string, init: RequestInit = {}) =>
        s.app.request(`/api/admin${path}`, { ...init, headers: { Cookie: cookie, Origin: SITE } });
    },
  };
}

/** Every listener identity the emulator has: three Spotify listeners and two ListenBrainz tokens. */
export async function everyCaller(s: TestServer): Promise<Caller[]> {
  const calls = smsCalls(s);
  const spotify = ['demo-listener', 'casual-listener', 'new-listener'];
  const brainz = demoSources.listenbrainz.map((l) => l.name);
  return [
    ...(await Promise.all(spotify.map((id) => calls.spotify(id)))),
    ...(await Promise.all(brainz.map((name) => calls.brainz(name)))),
  ];
}

/** The caller at `i`, round the list. */
export function nth(list: Caller[], i: number): Caller {
  const caller = list[i % list.length];
  if (!caller) throw new Error('no callers');
  return caller;
}
