import * as schemas from '@heavy-rotation/contracts/admin';
import { type SmtpEmulator, startSmtpEmulator } from '@heavy-rotation/emulator/smtp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitlistSignup } from '../db/schema.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

describe.each(DATABASES)('the waitlist invitation in the language of the signup page, on %s', (kind) => {
  let s: TestServer;
  let smtp: SmtpEmulator;
  let stop = () => {};
  beforeAll(async () => {
    smtp = await startSmtpEmulator();
    s = await startTestServer(kind, {
      ADMIN_TOKEN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Heavy Rotation <invites@example.test>',
      PUBLIC_ORIGIN: SITE,
    });
    stop = s.mail.start(() => false, 30);
  });
  afterAll(async () => {
    stop();
    await s.close();
    await smtp.close();
  });

  const join = (email: string, headers: Record<string, string>) =>
    s.app.request('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, ...headers },
      body: new URLSearchParams({ 'form-name': 'signup', 'bot-field': '', email }).toString(),
    });

  test('German for Accept-Language: de, Japanese for the hr_lang=ja cookie, English for a signup from before', async () => {
    // The app's fetch, from a browser that asks for German.
    expect((await join('anna@example.com', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' })).status).toBe(
      200,
    );
    // The form the browser posts itself, on a page read in Japanese (the picker's cookie beats the header).
    const form = await join('yuki@example.com', {
      'Sec-Fetch-Mode': 'navigate',
      'Accept-Language': 'fr',
      Cookie: 'hr_lang=ja',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('Location')).toBe('/signup?signup=thanks');
    // Someone who joined before signups kept a language.
    await s.database.db.execute(
      sql`insert into ${waitlistSignup} (email, email_normalised) values ('early@example.com', 'early@example.com')`,
    );

    const signIn = await s.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
    });
    const cookie = /^hr_admin=([^;]+)/.exec(signIn.headers.getSetCookie()[0] ?? '')?.[1] ?? '';
    const admin = (path: string, init: RequestInit = {}) =>
      s.app.request(`/api/admin${path}`, {
        ...init,
        headers: { Cookie: `hr_admin=${cookie}`, Origin: SITE, 'Content-Type': 'application/json' },
      });
    const { rows } = await read(admin('/waitlist?size=10'), schemas.waitlistPage);
    // The console shows each signup's language.
    expect(Object.fromEntries(rows.map((r) => [r.email, r.language]))).toEqual({
      'anna@example.com': 'de',
      'yuki@example.com': 'ja',
      'early@example.com': 'en',
    });
    const invited = await admin('/waitlist/invite', {
      method: 'POST',
      body: JSON.stringify({ ids: rows.map((r) => r.id) }),
    });
    expect(await invited.json()).toEqual({ queued: 3 });

    const mails = await smtp.waitFor(3);
    const to = (email: string) => mails.find((m) => m.to[0] === email);
    const german = to('anna@example.com');
    expect(german?.subject).toBe('Deine Einladung zu Heavy Rotation');
    expect(german?.text).toContain(`Anmelden: ${SITE}/login`);
    expect(german?.html).toContain('<html lang="de">');
    expect(german?.html).toContain(`href="${SITE}/login"`);
    expect(german?.html).toContain('Bei Heavy Rotation anmelden</a>');

    const japanese = to('yuki@example.com');
    expect(japanese?.subject).toBe('Heavy Rotationへのご招待');
    expect(japanese?.text).toContain(`サインイン：${SITE}/login`);
    expect(japanese?.html).toContain('<html lang="ja">');

    const english = to('early@example.com');
    expect(english?.subject).toBe('Your invitation to Heavy Rotation');
    expect(english?.text).toBe(
      `Hi,\n\nYour spot on the Heavy Rotation waitlist came up.\n\nSign in with the Spotify account of this email address to see your top 40 artists of the last four weeks, then unlock them one guess at a time.\n\nSign in: ${SITE}/login\n\nYou get this email because you joined the waitlist. Nothing more will follow.\n`,
    );
    expect(english?.html).toContain(`Or open ${SITE}/login<br>`);
  });
});
