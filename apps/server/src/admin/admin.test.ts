import { errorReply } from '@heavy-rotation/contracts';
import * as schemas from '@heavy-rotation/contracts/admin';
import { type SmtpEmulator, startSmtpEmulator } from '@heavy-rotation/emulator/smtp';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import {
  adminAudit,
  mailOutbox,
  smsConsent,
  smsSuppression,
  smsSuppressionErased,
  userProfile,
  waitlistSignup,
} from '../db/schema.ts';
import { createDeps } from '../deps.ts';
import { createLogger } from '../http/logger.ts';
import { ANON_KEY, DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('without ADMIN_TOKEN', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(() => s.close());

  test('the console says it is off and every call answers 404', async () => {
    const session = await s.app.request('/api/admin/session');
    expect(await read(session, schemas.adminSession)).toEqual({ enabled: false, actor: null });
    const signIn = await s.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'anything-at-all-here', name: 'Ada' }),
    });
    expect(signIn.status).toBe(404);
    expect((await read(signIn, errorReply)).error).toMatch(/ADMIN_TOKEN/);
    expect((await s.app.request('/api/admin/waitlist')).status).toBe(404);
  });
});

describe.each(DATABASES)('operator console on %s', (kind) => {
  let s: TestServer;
  let smtp: SmtpEmulator;
  let clock = Date.now();
  let cookie = '';
  // Email goes out in the background, as the server process sends it (src/index.ts), polled often.
  const stops: (() => void)[] = [];
  beforeAll(async () => {
    smtp = await startSmtpEmulator();
    s = await startTestServer(
      kind,
      {
        ADMIN_TOKEN,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Heavy Rotation <invites@example.test>',
        PUBLIC_ORIGIN: SITE,
      },
      { now: () => clock },
    );
    stops.push(s.mail.start(() => false, 30));
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await s.close();
    await smtp.close();
  });

  const admin = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', `hr_admin=${cookie}`);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    return s.app.request(`/api/admin${path}`, {
      ...init,
      headers,
      ...(init.json !== undefined ? { method: init.method ?? 'POST', body: JSON.stringify(init.json) } : {}),
    });
  };
  const audit = async () => (await read(admin('/audit'), schemas.auditPage)).rows;

  test('signs in with ADMIN_TOKEN for an HttpOnly, SameSite=Strict cookie that expires', async () => {
    const wrong = await admin('/session', { json: { token: 'not-the-token-at-all', name: 'Ada' } });
    expect(wrong.status).toBe(401);
    expect((await read(wrong, errorReply)).error).toBe('That operator token is not right');
    // The failed try is in the audit log: from where and when, never the token typed.
    const [failed] = await s.database.db.select().from(adminAudit);
    expect(failed).toMatchObject({ action: 'failed sign-in', detail: expect.stringMatching(/^from /) });
    expect(JSON.stringify(failed)).not.toContain('not-the-token-at-all');
    const crossSite = await admin('/session', {
      json: { token: ADMIN_TOKEN, name: 'Ada' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await admin('/session', { json: { token: ADMIN_TOKEN, name: '  ' } })).status).toBe(400);

    const res = await admin('/session', {
      json: { token: ADMIN_TOKEN, name: 'Ada' },
      headers: { Origin: SITE },
    });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('hr_admin=')) ?? '';
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/api\/admin/);
    expect(line).toMatch(/Expires=/);
    cookie = /^hr_admin=([^;]+)/.exec(line)?.[1] ?? '';
    expect(await read(admin('/session'), schemas.adminSession)).toEqual({ enabled: true, actor: 'Ada' });
    expect((await read(res, schemas.adminSession)).token).toEqual(expect.any(String));
    expect((await s.app.request('/api/admin/waitlist')).status).toBe(401);

    // Eight hours later the sign-in is over.
    clock += 8 * 3_600_000 + 1000;
    expect((await admin('/waitlist')).status).toBe(401);
    clock -= 8 * 3_600_000 + 1000;
    expect((await admin('/waitlist')).status).toBe(200);
    expect((await audit()).slice(-3, -1)).toMatchObject([
      { actor: 'Ada', action: 'signed in' },
      { actor: 'Ada', action: 'created the first operator' },
    ]);
  });

  test('pages, searches and sorts a waitlist of 100 000 signups', async () => {
    await s.database.db.execute(sql`
      insert into ${waitlistSignup} (email, email_normalised, created_at)
      select 'Listener' || i || '@example.com', 'listener' || i || '@example.com',
             now() - (i || ' minutes')::interval
      from generate_series(1, 100000) as i`);
    const first = await read(admin('/waitlist?size=50'), schemas.waitlistPage);
    expect(first.total).toBe(100_000);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.email).toBe('Listener1@example.com');
    expect(first.counts).toEqual({ waiting: 100_000, invited: 0, joined: 0 });
    const third = await read(admin('/waitlist?size=50&page=3&dir=asc'), schemas.waitlistPage);
    expect(third.rows[0]?.email).toBe('Listener99900@example.com');
    const emails = async (dir: string) =>
      (await read(admin(`/waitlist?q=listener4242&sort=email&dir=${dir}`), schemas.waitlistPage)).rows.map(
        (r: { email: string }) => r.email,
      );
    const ascending = await emails('asc');
    expect(ascending).toHaveLength(11);
    expect(await emails('desc')).toEqual([...ascending].reverse());
    const found = await read(admin('/waitlist?q=LISTENER4242@'), schemas.waitlistPage);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({ email: 'Listener4242@example.com', status: 'waiting', mail: null });
    for (const bad of ['?page=0', '?size=1000', '?sort=phone', '?status=gone', '?page=abc']) {
      const res = await admin(`/waitlist${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await read(res, errorReply)).error).toMatch(/^(page|size|sort|status):/);
    }
  });

  test('invites by email over SMTP: the message names the recipient and carries the sign-in link', async () => {
    const ids = (await read(admin('/waitlist?q=listener7@'), schemas.waitlistPage)).rows.map(
      (r: { id: number }) => r.id,
    );
    const before = smtp.received.length;
    const res = await admin('/waitlist/invite', { json: { ids }, headers: { Origin: SITE } });
    expect(await res.json()).toEqual({ queued: 1 });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual(['Listener7@example.com']);
    expect(mail?.from).toBe('invites@example.test');
    expect(mail?.subject).toBe('Your invitation to Heavy Rotation');
    expect(mail?.text).toContain(`Sign in: ${SITE}/login`);
    expect(mail?.html).toContain(`href="${SITE}/login"`);
    await until(
      async () =>
        (await read(admin('/waitlist?q=listener7@'), schemas.waitlistPage)).rows[0]?.mail?.status === 'sent',
      'sent',
    );
    const row = (await read(admin('/waitlist?q=listener7@'), schemas.waitlistPage)).rows[0];
    expect(row).toMatchObject({
      status: 'invited',
      mail: { status: 'sent', attempts: 1, transport: 'smtp' },
    });
    expect((await audit()).at(0)).toMatchObject({ actor: 'Ada', action: 'invited' });
    expect((await admin('/waitlist/invite', { json: { ids: [] } })).status).toBe(400);
  });

  test('a refused recipient shows as a bounce; a temporary failure is tried again later', async () => {
    const find = async (q: string) => (await read(admin(`/waitlist?q=${q}`), schemas.waitlistPage)).rows[0];
    const bounce = await find('listener8@');
    const later = await find('listener9@');
    smtp.faults.rejectRecipients = ['listener8@example.com'];
    smtp.faults.tempFailNext = 1;
    await admin('/waitlist/invite', { json: { ids: [bounce?.id ?? 0] } });
    await until(async () => (await find('listener8@'))?.mail?.status === 'failed', 'bounce');
    expect((await find('listener8@'))?.mail?.lastError).toMatch(/^550 .*Mailbox does not exist/);

    const before = smtp.received.length;
    await admin('/waitlist/invite', { json: { ids: [later?.id ?? 0] } });
    await until(
      async () =>
        (await find('listener9@'))?.mail?.attempts === 1 &&
        (await find('listener9@'))?.mail?.status === 'queued',
      'first try',
    );
    expect((await find('listener9@'))?.mail?.lastError).toMatch(/^451/);
    // Not before its delay…
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before);
    // …and once it is due, sent.
    clock += 61_000;
    await smtp.waitFor(before + 1);
    await until(async () => (await find('listener9@'))?.mail?.status === 'sent', 'retry');
    expect((await find('listener9@'))?.mail).toMatchObject({ attempts: 2, lastError: null });
    smtp.faults.rejectRecipients = [];
  });

  test('two instances on one database send each email once', async () => {
    const deps = await createDeps(s.env, {
      database: s.database,
      logger: createLogger('silent'),
      now: () => clock,
    });
    const second = createApp(deps);
    stops.push(deps.mail.start(() => false, 10));
    expect(
      (await second.request('/api/admin/waitlist', { headers: { Cookie: `hr_admin=${cookie}` } })).status,
    ).toBe(200);
    const ids = (
      await read(admin('/waitlist?q=listener2&size=30&sort=email&dir=asc'), schemas.waitlistPage)
    ).rows.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(30);
    const before = smtp.received.length;
    await admin('/waitlist/invite', { json: { ids } });
    await smtp.waitFor(before + 30);
    await new Promise((r) => setTimeout(r, 300));
    const got = smtp.received.slice(before).map((m) => m.to[0]);
    expect(got).toHaveLength(30);
    expect(new Set(got).size).toBe(30);
  });

  test('exports the waitlist as CSV', async () => {
    const res = await admin('/waitlist.csv', { method: 'POST' });
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('email,signed_up,status,invited_at');
    expect(lines).toHaveLength(100_001);
    expect(lines.find((l) => l.startsWith('Listener7@example.com,'))).toMatch(/,invited,\d{4}-/);
    expect((await audit()).at(0)).toMatchObject({ action: 'exported the waitlist' });
  });

  test('subscribers: masked numbers, consent records, reveal audited, CSV without STOPs, erase keeps the STOP as a hash', async () => {
    const { db } = s.database;
    const people = [
      ['sub-ann', 'Ann', '+447700900123'],
      ['sub-bob', 'Bob', '+447700900456'],
      ['sub-cy', '=Cy', '+15555550199'],
    ] as const;
    for (const [id, name, phone] of people) {
      await db.insert(userProfile).values({ id, displayName: name, phoneE164: phone });
      await db.insert(smsConsent).values({
        userId: id,
        phoneE164: phone,
        consentText: 'I agree to texts',
        consentVersion: '2024-06',
        source: '/quiz',
        userAgent: 'Test Browser',
        confirmedBy: 'sms-code',
      });
    }
    // A number given before codes were texted, never confirmed: never exported.
    await db.insert(userProfile).values({ id: 'sub-old', displayName: 'Old', phoneE164: '+15555550142' });
    await db.insert(smsConsent).values({
      userId: 'sub-old',
      phoneE164: '+15555550142',
      consentText: 'I agree to texts',
      consentVersion: '2024-06',
      source: '/quiz',
    });
    await db.insert(smsSuppression).values({ phoneE164: '+447700900456', keyword: 'STOP' });
    const list = await read(admin('/subscribers'), schemas.subscribersPage);
    const bob = list.rows.find((r: { id: string }) => r.id === 'sub-bob');
    expect(bob).toMatchObject({ displayName: 'Bob', phoneMasked: '+44••••••0456', suppressed: true });
    expect(bob?.consents[0]).toMatchObject({
      text: 'I agree to texts',
      version: '2024-06',
      source: '/quiz',
      userAgent: 'Test Browser',
    });
    expect(JSON.stringify(list)).not.toContain('900456');

    const reveal = await admin('/subscribers/sub-ann/reveal', { method: 'POST', headers: { Origin: SITE } });
    expect(await reveal.json()).toEqual({ phone: '+447700900123' });
    expect((await audit()).at(0)).toMatchObject({
      actor: 'Ada',
      action: 'revealed a phone number',
      detail: expect.stringMatching(/^listener p-[0-9a-f]{16}$/),
    });
    expect((await admin('/subscribers/nobody/reveal', { method: 'POST' })).status).toBe(404);
    expect((await admin('/subscribers/a%20b/reveal', { method: 'POST' })).status).toBe(400);

    const csv = async () =>
      (await (await admin('/subscribers.csv', { method: 'POST' })).text()).trimEnd().split('\n');
    expect(await csv()).toEqual([
      'phone_e164,display_name,consent_version,consent_language,consented_at,confirmed_by,code_sent_at,code_message_sid',
      expect.stringMatching(/^\+447700900123,Ann,2024-06,en,[^,]+,sms-code,/),
      expect.stringMatching(/^\+15555550199,'=Cy,2024-06,en,/),
    ]);

    const erase = await admin('/subscribers/sub-bob', { method: 'DELETE', headers: { Origin: SITE } });
    expect(erase.status).toBe(200);
    expect((await read(erase, schemas.erasureReply)).removed).toMatchObject({
      profiles: 1,
      numbers: 1,
      consentRecords: 1,
    });
    expect(await db.select().from(userProfile).where(eq(userProfile.id, 'sub-bob'))).toEqual([]);
    expect(await db.select().from(smsConsent).where(eq(smsConsent.userId, 'sub-bob'))).toEqual([]);
    expect(await db.select().from(smsSuppression)).toEqual([]);
    const [kept] = await db.select().from(smsSuppressionErased);
    expect(kept?.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain('900456');
    // The number comes back without fresh consent: the STOP still holds.
    await db.insert(userProfile).values({ id: 'sub-bob-again', phoneE164: '+447700900456' });
    expect((await csv()).some((l) => l.includes('900456'))).toBe(false);
    expect(
      (await read(admin('/subscribers?q=sub-bob-again'), schemas.subscribersPage)).rows[0]?.suppressed,
    ).toBe(true);
    expect((await admin('/subscribers/sub-bob', { method: 'DELETE' })).status).toBe(404);
    // Consent records stay append-only outside an erasure.
    await expect(db.delete(smsConsent).where(eq(smsConsent.userId, 'sub-ann'))).rejects.toThrow();
  });

  test('stats: events per day by series and the funnel, for the chosen span', async () => {
    const send = (event: unknown) =>
      s.app.request('/api/events', {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
      });
    for (const event of [
      { name: 'sign_in', source: 'spotify' },
      { name: 'sign_in', source: 'lastfm' },
      { name: 'sign_in', source: 'lastfm' },
      { name: 'quiz_guess', correct: true },
      { name: 'quiz_guess', correct: false },
      { name: 'first_unlock' },
      { name: 'share', first: true },
      { name: 'share', first: false },
    ]) {
      expect((await send(event)).status, JSON.stringify(event)).toBe(204);
    }
    expect((await send({ name: 'sign_in', source: 'myspace' })).status).toBe(400);
    await s.events.flush();
    // A sign-in 40 days ago, as its batch counted it then.
    await s.database.db.execute(
      sql`insert into analytics_daily (day, name, detail, count) values ((now() at time zone 'UTC')::date - 40, 'sign_in', 'spotify', 1)`,
    );
    const month = await read(admin('/stats?days=30'), schemas.statsReply);
    expect(month.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(month.days.at(-1)).toBe(today);
    expect(month.series['sign_in:lastfm']?.at(-1)).toBe(2);
    expect(month.series['quiz_guess:right']?.at(-1)).toBe(1);
    expect(month.series.waitlist_signup?.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
    expect(month.funnel).toEqual({ signIns: 3, firstUnlocks: 1, firstShares: 1 });
    const quarter = await read(admin('/stats?days=90'), schemas.statsReply);
    expect(quarter.funnel.signIns).toBe(4);
    expect((await admin('/stats?days=12')).status).toBe(400);
  });

  test('flags: a switch takes effect at once and is audited', async () => {
    const flags = await read(admin('/flags'), schemas.flagList);
    expect(flags.flags[0]).toMatchObject({ key: 'sms_gate_enabled', enabled: true });
    const put = await admin('/flags/sms_gate_enabled', {
      method: 'PUT',
      json: { enabled: false },
      headers: { Origin: SITE },
    });
    expect(put.status).toBe(200);
    const pub = await s.app.request('/api/flags', { headers: { apikey: ANON_KEY } });
    expect(await pub.json()).toEqual({ sms_gate_enabled: false });
    expect((await audit()).at(0)).toMatchObject({ action: 'flag changed', detail: 'sms_gate_enabled → off' });
    expect((await admin('/flags/Bad-Key', { method: 'PUT', json: { enabled: true } })).status).toBe(400);
    expect((await admin('/flags/sms_gate_enabled', { method: 'PUT', json: { enabled: 'yes' } })).status).toBe(
      400,
    );
    await admin('/flags/sms_gate_enabled', { method: 'PUT', json: { enabled: true } });
  });

  test('erase erases: every trace of a listener, and of someone known only by a waitlist email', async () => {
    const { db } = s.database;
    // A listener confirms a number with the texted code, and is on the waitlist, invited, by their email.
    const token = await s.token('demo-listener');
    await s.call('/functions/v1/sms-subscribe', {
      token,
      json: { spotifyUserId: 'demo-listener', phone: '+14155552699' },
    });
    const texts = (await (
      await s.emulator.request('/twilio/_emulator/messages?to=%2B14155552699')
    ).json()) as { messages: { body: string }[] };
    const code = /\d{6}/.exec(texts.messages.at(-1)?.body ?? '')?.[0] ?? '';
    expect((await s.call('/functions/v1/sms-confirm', { token, json: { code } })).status).toBe(200);
    await db.insert(waitlistSignup).values([
      { email: 'Demo@Example.com', emailNormalised: 'demo@example.com' },
      { email: 'only@example.com', emailNormalised: 'only@example.com' },
    ]);
    const ids = (
      await db
        .select({ id: waitlistSignup.id })
        .from(waitlistSignup)
        .where(inArray(waitlistSignup.emailNormalised, ['demo@example.com', 'only@example.com']))
    ).map((r) => r.id);
    await admin('/waitlist/invite', { json: { ids } });
    const outboxTo = async (email: string) =>
      (await db.select().from(mailOutbox)).filter((m) => m.toEmail.toLowerCase() === email);
    expect(await outboxTo('demo@example.com')).toHaveLength(1);

    const erased = await admin('/subscribers/demo-listener', { method: 'DELETE', headers: { Origin: SITE } });
    expect(erased.status).toBe(200);
    expect((await read(erased, schemas.erasureReply)).removed).toEqual({
      profiles: 1,
      numbers: 1,
      consentRecords: 1,
      pendingCodes: 0,
      sourceSessions: 0,
      savedLists: 0,
      chartSnapshots: 0,
      generatorCounts: 0,
      challengeLinks: 0,
      waitlistSignups: 1,
      outboxMail: 1,
    });
    expect(await db.select().from(userProfile).where(eq(userProfile.id, 'demo-listener'))).toEqual([]);
    expect(await db.select().from(smsConsent).where(eq(smsConsent.userId, 'demo-listener'))).toEqual([]);
    expect(
      await db.select().from(waitlistSignup).where(eq(waitlistSignup.emailNormalised, 'demo@example.com')),
    ).toEqual([]);
    expect(await outboxTo('demo@example.com')).toEqual([]);

    // Known only by the address they signed up with: erased by that signup.
    const [onlyRow] = await db
      .select()
      .from(waitlistSignup)
      .where(eq(waitlistSignup.emailNormalised, 'only@example.com'));
    expect(onlyRow).toBeDefined();
    const byEmail = await admin(`/waitlist/${onlyRow?.id ?? 0}`, {
      method: 'DELETE',
      headers: { Origin: SITE },
    });
    expect((await read(byEmail, schemas.erasureReply)).removed).toMatchObject({
      waitlistSignups: 1,
      outboxMail: 1,
    });
    expect(await outboxTo('only@example.com')).toEqual([]);
    expect((await admin(`/waitlist/${onlyRow?.id ?? 0}`, { method: 'DELETE' })).status).toBe(404);

    // The audit log keeps the entries, naming a pseudonym: never the id or the address.
    const log = JSON.stringify(await db.select().from(adminAudit));
    expect(log).not.toMatch(/demo-listener|demo@example\.com|only@example\.com|4155552699/i);
    expect(
      (await audit()).slice(0, 2).map((r: { action: string; detail: string | null }) => [r.action, r.detail]),
    ).toEqual([
      [
        'erased a waitlist signup',
        expect.stringMatching(/^email p-[0-9a-f]{16}; removed 1 waitlistSignups, 1 outboxMail$/),
      ],
      [
        'erased a listener',
        expect.stringMatching(
          /^listener p-[0-9a-f]{16}; removed 1 profiles, 1 numbers, 1 consentRecords, 1 waitlistSignups, 1 outboxMail$/,
        ),
      ],
    ]);
  });

  test('exports are POSTs from the console page only: never a GET, a cross-site or a no-cors request', async () => {
    expect((await admin('/waitlist.csv')).status).toBe(404);
    const before = (await audit()).length;
    for (const headers of [
      { Origin: 'https://evil.example' } as Record<string, string>,
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors' },
    ]) {
      for (const path of ['/waitlist.csv', '/subscribers.csv']) {
        expect((await admin(path, { method: 'POST', headers })).status, JSON.stringify(headers)).toBe(403);
      }
    }
    expect((await audit()).length).toBe(before);
    const form = await admin('/subscribers.csv', {
      method: 'POST',
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(form.status).toBe(200);
    expect(form.headers.get('Content-Disposition')).toMatch(/attachment/);
  });

  test('the audit log cannot be changed, emptied or truncated, and signing out ends the session', async () => {
    await expect(s.database.db.delete(adminAudit)).rejects.toThrow();
    await expect(s.database.db.update(adminAudit).set({ actor: 'someone else' })).rejects.toThrow();
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await s.database.db.execute(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      return String((error as { cause?: unknown } | undefined)?.cause ?? error);
    };
    expect(await refusal(sql`truncate admin_audit`)).toMatch(/admin_audit is append-only/);
    expect(await refusal(sql`truncate sms_consent`)).toMatch(/sms_consent is append-only/);
    expect((await audit()).length).toBeGreaterThan(0);
    const out = await admin('/session', { method: 'DELETE', headers: { Origin: SITE } });
    expect(out.status).toBe(204);
    expect((await admin('/waitlist')).status).toBe(401);
    cookie = '';
    expect((await admin('/audit')).status).toBe(401);
  });
});
