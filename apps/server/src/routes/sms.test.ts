import { CONSENT_TEXT, CONSENT_VERSION } from '@heavy-rotation/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { smsConsent, smsSuppression } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { signWebhook } from './sms.ts';

const SECRET = 'webhook-secret-0123456789';
const body = (phone: unknown) => ({
  spotifyUserId: 'demo-listener',
  spotifyUserEmail: 'demo@example.com',
  spotifyUserDisplayName: 'Demo Listener',
  phone,
});

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind, { SMS_WEBHOOK_SECRET: SECRET });
    token = await s.token('demo-listener');
  });
  afterAll(() => s.close());

  const subscribe = (phone: unknown) => s.call('/functions/v1/sms-subscribe', { token, json: body(phone) });
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
  const webhook = (payload: unknown, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) => {
    const raw = JSON.stringify(payload);
    return s.app.request('/functions/v1/sms-webhook', {
      method: 'POST',
      body: raw,
      headers: {
        'Content-Type': 'application/json',
        'X-Signature-Timestamp': String(timestamp),
        'X-Signature': signWebhook(secret, timestamp, raw),
      },
    });
  };

  test('a valid number is stored with an append-only consent record', async () => {
    const res = await s.call('/functions/v1/sms-subscribe', {
      token,
      json: body('(415) 555-2671'),
      headers: { 'User-Agent': 'TestBrowser/1.0', Referer: 'http://127.0.0.1/?phone=1' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await s.database.db.select().from(smsConsent);
    expect(rows.at(-1)).toMatchObject({
      userId: 'demo-listener',
      phoneE164: '+14155552671',
      consentVersion: CONSENT_VERSION,
      consentText: CONSENT_TEXT,
      source: '/',
      userAgent: 'TestBrowser/1.0',
    });
    await expect(s.database.db.execute(sql`update sms_consent set phone_e164 = 'x'`)).rejects.toThrow();
    await expect(s.database.db.execute(sql`delete from sms_consent`)).rejects.toThrow();
  });

  test('a sheet that showed other consent words is refused, and nothing is recorded', async () => {
    const before = (await s.database.db.select().from(smsConsent)).length;
    const res = await s.call('/functions/v1/sms-subscribe', {
      token,
      json: { ...body('(415) 555-2672'), consentVersion: '1999-01' },
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatch(/^consentVersion: /);
    expect((await s.database.db.select().from(smsConsent)).length).toBe(before);
  });

  test('phone problems answer with the texts the sheet shows', async () => {
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
  });

  test('a spotifyUserId other than the signed-in user is forbidden', async () => {
    const res = await s.call('/functions/v1/sms-subscribe', {
      token,
      json: { ...body('+14155552671'), spotifyUserId: 'casual-listener' },
    });
    expect(res.status).toBe(403);
  });

  test('a caller the provider does not know is told so', async () => {
    const res = await s.call('/functions/v1/sms-subscribe', {
      token: 'unknown-token',
      json: body('+14155552671'),
    });
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

  test('when the provider is rate-limiting, nothing is stored and the caller is told to retry', async () => {
    const fresh = await s.token('new-listener');
    await s.fault({ path: '/v1/me', retryAfter: 3 });
    const res = await s.call('/functions/v1/sms-subscribe', {
      token: fresh,
      json: { ...body('+14155552671'), spotifyUserId: 'new-listener' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('3');
    const rows = await s.database.db.select().from(smsConsent);
    expect(rows.map((r) => r.userId)).not.toContain('new-listener');
  });

  test('STOP suppresses the number and START lifts it', async () => {
    const stop = await webhook({ from: '+14155550123', text: ' stop ' });
    expect(await stop.json()).toEqual({ ok: true, action: 'suppressed' });
    const rows = await s.database.db.select().from(smsSuppression);
    expect(rows.map((r) => r.phoneE164)).toContain('+14155550123');
    const start = await webhook({ from: '+14155550123', text: 'START' });
    expect(await start.json()).toEqual({ ok: true, action: 'resumed' });
    const after = await s.database.db.select().from(smsSuppression);
    expect(after.map((r) => r.phoneE164)).not.toContain('+14155550123');
    expect(await (await webhook({ from: '+14155550123', text: 'hello' })).json()).toMatchObject({
      action: 'ignored',
    });
  });

  test('a webhook call with a wrong or stale signature is refused', async () => {
    expect((await webhook({ from: '+14155550123', text: 'STOP' }, 'another-secret-0123456')).status).toBe(
      401,
    );
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await webhook({ from: '+14155550123', text: 'STOP' }, SECRET, stale)).status).toBe(401);
    expect((await webhook({ text: 'STOP' })).status).toBe(400);
  });

  test("a signature's freshness is judged by the server's clock", async () => {
    const later = Date.now() + 2 * 3600_000;
    const timed = await startTestServer(
      kind,
      { SMS_WEBHOOK_SECRET: SECRET },
      { database: s.database, now: () => later },
    );
    const send = (timestamp: number) => {
      const raw = JSON.stringify({ from: '+14155550199', text: 'HELLO' });
      return timed.app.request('/functions/v1/sms-webhook', {
        method: 'POST',
        body: raw,
        headers: {
          'Content-Type': 'application/json',
          'X-Signature-Timestamp': String(timestamp),
          'X-Signature': signWebhook(SECRET, timestamp, raw),
        },
      });
    };
    expect((await send(Math.floor(Date.now() / 1000))).status).toBe(401);
    expect((await send(Math.floor(later / 1000))).status).toBe(200);
  });

  test('the webhook does not exist without a secret', async () => {
    const plain = await startTestServer(kind, {}, { database: s.database });
    const res = await plain.app.request('/functions/v1/sms-webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
