import { CONSENTS } from '@heavy-rotation/contracts';
import * as admin from '@heavy-rotation/contracts/admin';
import { DEMO_SMS, demoSources, type SentText, twilioSignature } from '@heavy-rotation/emulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { smsConsent, smsSuppression, smsVerification, userProfile } from '../db/schema.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN_TOKEN, SITE, smsCalls } from './testing.ts';

const WEBHOOK = `${SITE}/functions/v1/sms-webhook`;
const OPTED_OUT =
  'This number has opted out of our texts. Text START to +1 500 555 0006 to allow them again.';
const WRONG_CODE = "That code didn't match. Try again.";
const EXPIRED_CODE = 'That code has expired. Send a new one.';
const CONSENT_VERSION = CONSENTS.en.version;

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let clock = Date.now();
  let token: string;
  let address = 0;
  beforeAll(async () => {
    // Each call comes from an address of its own unless a test says otherwise (the per-address budget
    // of codes has a test of its own: sms-pumping.test.ts).
    s = await startTestServer(kind, { TRUST_PROXY: '1', ADMIN_TOKEN }, { now: () => clock });
    token = await s.token('demo-listener');
  });
  afterAll(() => s.close());

  const body = (phone: unknown, spotifyUserId = 'demo-listener') => ({
    spotifyUserId,
    // The body's address is a claim anyone can make: the server must not keep it.
    spotifyUserEmail: 'victim@example.com',
    spotifyUserDisplayName: 'Demo Listener',
    phone,
    consentVersion: CONSENT_VERSION,
  });
  const subscribe = (
    phone: unknown,
    as = token,
    id = 'demo-listener',
    headers: Record<string, string> = {},
  ) =>
    s.call('/functions/v1/sms-subscribe', {
      token: as,
      json: body(phone, id),
      headers: { 'X-Forwarded-For': `198.51.100.${(address++ % 250) + 1}`, ...headers },
    });
  const confirm = (code: string, as = token) =>
    s.call('/functions/v1/sms-confirm', { token: as, json: { code } });
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
  const texts = async (to: string) =>
    (
      (await (
        await s.emulator.request(`/twilio/_emulator/messages?to=${encodeURIComponent(to)}`)
      ).json()) as {
        messages: SentText[];
      }
    ).messages;
  const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await texts(to)).at(-1)?.body ?? '')?.[1] ?? '';
  /** A reply from the phone, through the SMS emulator, which signs it as the provider does. */
  const reply = async (from: string, text: string) => {
    const res = await s.emulator.request('/twilio/_emulator/reply', {
      method: 'POST',
      body: JSON.stringify({ from, body: text }),
      headers: { 'Content-Type': 'application/json' },
    });
    return ((await res.json()) as { webhookStatus: number }).webhookStatus;
  };
  const later = (seconds: number) => {
    clock += seconds * 1000;
  };

  test('Submit texts a code; only the code coming back records the number and a consent record', async () => {
    const res = await subscribe('(415) 555-2671', token, 'demo-listener', {
      'User-Agent': 'TestBrowser/1.0',
      Referer: 'http://127.0.0.1/?phone=1',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      sentTo: '+1••••••2671',
      expiresInSeconds: 600,
      resendAfterSeconds: 30,
    });
    const [text] = await texts('+14155552671');
    expect(text).toMatchObject({ from: DEMO_SMS.from, to: '+14155552671' });
    const code = await lastCode('+14155552671');
    expect(code).toMatch(/^\d{6}$/);
    // Nothing is kept as the listener's until the code comes back, and the code is kept only hashed.
    expect(await s.database.db.select().from(smsConsent)).toEqual([]);
    expect(await s.database.db.select().from(userProfile)).toEqual([]);
    const [pending] = await s.database.db.select().from(smsVerification);
    expect(pending?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pending)).not.toContain(code);

    const wrong = await confirm(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(WRONG_CODE);
    const right = await confirm(code);
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ ok: true });
    const [record] = await s.database.db.select().from(smsConsent);
    expect(record).toMatchObject({
      userId: 'demo-listener',
      phoneE164: '+14155552671',
      consentText: CONSENTS.en.text,
      consentVersion: CONSENT_VERSION,
      consentLanguage: 'en',
      source: '/',
      userAgent: 'TestBrowser/1.0',
      confirmedBy: 'sms-code',
      codeMessageSid: text?.sid,
    });
    expect(record?.codeSentAt).toBeInstanceOf(Date);
    const [profile] = await s.database.db.select().from(userProfile);
    // The email is the one Spotify returned for the caller, never the one in the body.
    expect(profile).toMatchObject({ phoneE164: '+14155552671', email: 'demo@example.com' });
    // A code counts once.
    expect(await errorOf(await confirm(code))).toBe(EXPIRED_CODE);
    await expect(s.database.db.execute(sql`update sms_consent set phone_e164 = 'x'`)).rejects.toThrow();
    await expect(s.database.db.execute(sql`delete from sms_consent`)).rejects.toThrow();
  });

  test('a listener whose source returns no email cannot claim one: "joined" comes only from the provider', async () => {
    const lb = demoSources.listenbrainz[0]?.token ?? '';
    const signIn = await s.call('/auth/listenbrainz/session', { json: { token: lb } });
    const cookie = /hr_session=([^;]+)/.exec(signIn.headers.getSetCookie().join('\n'))?.[1] ?? '';
    const asListener = (path: string, json: unknown) =>
      s.call(path, { json, headers: { Cookie: `hr_session=${cookie}` } });
    const sent = await asListener(
      '/functions/v1/sms-subscribe',
      body('+14155553670', 'listenbrainz:demo-brainz'),
    );
    expect(sent.status).toBe(200);
    const done = await asListener('/functions/v1/sms-confirm', { code: await lastCode('+14155553670') });
    expect(done.status).toBe(200);
    const [profile] = await s.database.db
      .select()
      .from(userProfile)
      .where(eq(userProfile.id, 'listenbrainz:demo-brainz'));
    expect(profile).toMatchObject({ phoneE164: '+14155553670', email: null });
  });

  test('a code allows five tries and lasts ten minutes; a new one only after 30 s', async () => {
    const other = await s.token('casual-listener');
    expect((await subscribe('+14155554672', other, 'casual-listener')).status).toBe(200);
    const again = await subscribe('+14155554672', other, 'casual-listener');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
    const code = await lastCode('+14155554672');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await errorOf(await confirm(wrong, other))).toBe(WRONG_CODE);
    // The sixth try finds the code spent, even the right one.
    expect(await errorOf(await confirm(code, other))).toBe(EXPIRED_CODE);

    later(31);
    expect((await subscribe('+14155554672', other, 'casual-listener')).status).toBe(200);
    const fresh = await lastCode('+14155554672');
    later(601);
    const expired = await confirm(fresh, other);
    expect(expired.status).toBe(410);
    expect(await errorOf(expired)).toBe(EXPIRED_CODE);
    expect(
      await s.database.db.select().from(smsConsent).where(eq(smsConsent.userId, 'casual-listener')),
    ).toEqual([]);
  });

  test('codes texted to one number are limited, whoever asks', async () => {
    const number = '+14155555673';
    const [casual, fresh] = [await s.token('casual-listener'), await s.token('new-listener')];
    const asks: [string, string][] = [
      [token, 'demo-listener'],
      [casual, 'casual-listener'],
      [fresh, 'new-listener'],
    ];
    const statuses: number[] = [];
    for (const [as, id] of [...asks, ...asks]) {
      later(31);
      statuses.push((await subscribe(number, as, id)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await texts(number)).toHaveLength(5);
  });

  test('the console and the export show how each consent was confirmed', async () => {
    const [text] = await texts('+14155552671');
    const [record] = await s.database.db
      .select()
      .from(smsConsent)
      .where(eq(smsConsent.userId, 'demo-listener'));
    const operator = await smsCalls(s).operator();
    const page = await read(operator('/subscribers?q=demo-listener'), admin.subscribersPage);
    expect(page.rows[0]?.consents[0]).toMatchObject({
      confirmedBy: 'sms-code',
      codeSentAt: record?.codeSentAt?.toISOString(),
      codeMessageSid: text?.sid,
      confirmedAt: record?.createdAt.toISOString(),
    });
    const csv = (await (await operator('/subscribers.csv', { method: 'POST' })).text()).trimEnd().split('\n');
    expect(csv[0]).toBe(
      'phone_e164,display_name,consent_version,consent_language,consented_at,confirmed_by,code_sent_at,code_message_sid',
    );
    expect(csv).toContain(
      [
        '+14155552671',
        'Demo Listener',
        CONSENT_VERSION,
        'en',
        record?.createdAt.toISOString(),
        'sms-code',
        record?.codeSentAt?.toISOString(),
        text?.sid,
      ].join(','),
    );
  });

  test('a STOP that arrives between the code and its confirmation wins', async () => {
    const number = '+14155557675';
    later(31);
    expect((await subscribe(number)).status).toBe(200);
    const code = await lastCode(number);
    await reply(number, 'STOP');
    const res = await confirm(code);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe(OPTED_OUT);
  });

  test('a signed webhook call is accepted once: a replayed START does not lift a later STOP', async () => {
    const number = '+14155550123';
    const call = (
      params: Record<string, string>,
      signature = twilioSignature(DEMO_SMS.authToken, WEBHOOK, params),
    ) =>
      s.app.request(WEBHOOK, {
        method: 'POST',
        body: new URLSearchParams(params).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
      });
    const message = (sid: string, text: string) => ({
      AccountSid: DEMO_SMS.accountSid,
      Body: text,
      From: number,
      MessageSid: sid,
      To: DEMO_SMS.from,
    });
    const start = message(`SM${'a'.repeat(32)}`, 'START');
    expect((await call(start)).status).toBe(200);
    expect((await call(message(`SM${'b'.repeat(32)}`, 'STOP'))).status).toBe(200);
    const replay = await call(start);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Content-Type')).toMatch(/^text\/xml/);
    const stops = await s.database.db
      .select()
      .from(smsSuppression)
      .where(eq(smsSuppression.phoneE164, number));
    expect(stops).toHaveLength(1);

    expect((await call(message(`SM${'c'.repeat(32)}`, 'START'), 'forged')).status).toBe(403);
    const otherKey = twilioSignature(
      'another-token-0123456789',
      WEBHOOK,
      message(`SM${'c'.repeat(32)}`, 'START'),
    );
    expect((await call(message(`SM${'c'.repeat(32)}`, 'START'), otherKey)).status).toBe(403);
    expect((await call(message('not-a-sid', 'START'))).status).toBe(400);
    expect((await call({ ...message(`SM${'d'.repeat(32)}`, 'START'), From: 'nobody' })).status).toBe(400);
    const json = await s.app.request(WEBHOOK, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
  });

  test('when the provider fails, the caller is told and nothing is kept', async () => {
    await s.emulator.request('/twilio/_emulator/faults', {
      method: 'POST',
      body: JSON.stringify({ status: 503 }),
      headers: { 'Content-Type': 'application/json' },
    });
    later(31);
    const res = await subscribe('+14155558676', await s.token('casual-listener'), 'casual-listener');
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toBe("We couldn't text that number. Try again in a moment.");
    expect(
      await s.database.db
        .select()
        .from(smsVerification)
        .where(eq(smsVerification.userId, 'failing-listener')),
    ).toEqual([]);
  });

  test('a sheet that showed other consent words is refused, and nothing is texted', async () => {
    const res = await s.call('/functions/v1/sms-subscribe', {
      token,
      json: { ...body('(415) 555-2677'), consentVersion: '1999-01' },
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/^consentVersion: /);
    expect(await texts('+14155552677')).toEqual([]);
  });

  test('phone and code problems answer with the texts the sheet shows', async () => {
    for (const [phone, error] of [
      [undefined, 'Phone number is required'],
      ['   ', 'Phone number is required'],
      ['+1 555', 'Invalid phone number'],
      ['hello', 'Invalid phone number format'],
      ['1'.repeat(251), 'Invalid phone number format'],
    ] as const) {
      const res = await subscribe(phone);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(error);
    }
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect((await confirm(code)).status, code).toBe(400);
    }
  });

  test('a spotifyUserId other than the signed-in user is forbidden', async () => {
    const res = await subscribe('+14155552671', token, 'casual-listener');
    expect(res.status).toBe(403);
  });

  test('a caller the provider does not know is told so', async () => {
    const res = await subscribe('+14155552671', 'unknown-token');
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe('Spotify user not found');
  });

  test('wrong content type, malformed JSON and schema violations are told apart', async () => {
    const form = await s.call('/functions/v1/sms-subscribe', { token, method: 'POST', body: 'phone=1' });
    expect(form.status).toBe(415);
    const broken = await s.call('/functions/v1/sms-subscribe', {
      token,
      method: 'POST',
      body: '{"phone":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await errorOf(broken)).toBe('Malformed JSON body');
    const missing = await s.call('/functions/v1/sms-subscribe', { token, json: { phone: '+14155552671' } });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatch(/^spotifyUserId: /);
  });

  test('when the provider is rate-limiting, nothing is texted and the caller is told to retry', async () => {
    const fresh = await s.token('new-listener');
    await s.fault({ path: '/v1/me', retryAfter: 3 });
    const res = await subscribe('+14155552678', fresh, 'new-listener');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('3');
    expect(await texts('+14155552678')).toEqual([]);
  });

  test('without the SMS provider set, numbers are refused and the webhook does not exist', async () => {
    const plain = await startTestServer(
      kind,
      { SMS_ACCOUNT_SID: '', SMS_AUTH_TOKEN: '', SMS_FROM: '' },
      { database: s.database },
    );
    const res = await plain.call('/functions/v1/sms-subscribe', {
      token: await plain.token(),
      json: body('+14155552679'),
    });
    expect(res.status).toBe(503);
    const hook = await plain.app.request('/functions/v1/sms-webhook', { method: 'POST', body: '' });
    expect(hook.status).toBe(404);
  });
});
