import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsEvent, waitlistSignup } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN = 'admin-token-0123456789abcdef';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { ADMIN_TOKEN: ADMIN, RATE_LIMIT_WAITLIST_PER_HOUR: '20' });
  });
  afterAll(() => s.close());

  const signup = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    s.app.request('/', {
      method: 'POST',
      body: new URLSearchParams({
        'form-name': 'signup',
        'bot-field': '',
        subject: 'Waitlist',
        ...fields,
      }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });

  test('the app configuration names the product, the provider and this backend', async () => {
    const res = await s.app.request('http://127.0.0.1:8787/app-config.json');
    expect(await res.json()).toEqual({
      productName: 'Heavy Rotation',
      spotifyClientId: 'heavy-rotation-demo',
      spotifyAccountsUrl: 'http://emulator.test',
      spotifyApiUrl: 'http://emulator.test/v1',
      backendUrl: 'http://127.0.0.1:8787',
      anonKey: s.env.PUBLIC_ANON_KEY,
      lastfm: true,
      listenbrainzSettingsUrl: 'http://emulator.test/listenbrainz/settings/',
    });
    // The Host header a client sends never becomes the backend address.
    const spoofed = await s.app.request('/app-config.json', { headers: { Host: 'evil.example' } });
    expect(((await spoofed.json()) as { backendUrl: string }).backendUrl).toBe('http://127.0.0.1:8787');
  });

  test('health answers, and readiness checks the database', async () => {
    expect((await s.app.request('/healthz')).status).toBe(200);
    expect(await (await s.app.request('/readyz')).json()).toEqual({ ok: true });
  });

  test('the SMS gate is on by default', async () => {
    const read = async () => (await (await s.call('/api/flags')).json()) as { sms_gate_enabled: boolean };
    expect(await read()).toEqual({ sms_gate_enabled: true });
  });

  test('reading flags needs the apikey', async () => {
    expect((await s.app.request('/api/flags')).status).toBe(401);
  });

  test('the documented events are recorded and anything else is refused', async () => {
    const send = (json: unknown) => s.call('/api/events', { json });
    expect((await send({ name: 'page_view', path: '/quiz' })).status).toBe(204);
    expect((await send({ name: 'sms_gate_view' })).status).toBe(204);
    expect((await send({ name: 'sms_phone_submitted', phone_country: '+1' })).status).toBe(204);
    await s.events.flush();
    const rows = await s.database.db.select().from(analyticsEvent);
    expect(rows.map((r) => [r.name, r.path, r.phoneCountry])).toEqual([
      ['page_view', '/quiz', null],
      ['sms_gate_view', null, null],
      ['sms_phone_submitted', null, '+1'],
    ]);
    for (const bad of [
      { name: 'purchase' },
      { name: 'sms_gate_view', email: 'a@b.c' },
      { name: 'page_view', path: '/callback?code=abc' },
      { name: 'page_view', path: '/x/4155552671' },
      { name: 'sms_phone_submitted', phone_country: '+14155552671' },
    ]) {
      expect((await send(bad)).status).toBe(400);
    }
  });

  test('a waitlist signup is stored once per normalised email', async () => {
    expect((await signup({ email: '  Fan@Example.com ' })).status).toBe(200);
    expect((await signup({ email: 'fan@example.com' })).status).toBe(200);
    const rows = await s.database.db.select().from(waitlistSignup);
    expect(rows.map((r) => r.emailNormalised)).toEqual(['fan@example.com']);
  });

  test('a signup is one address: a list or a named address is refused and nothing is kept', async () => {
    // A server of its own: the suite's shares a small per-IP limit.
    const own = await startTestServer(kind);
    const post = (email: string) =>
      own.app.request('/', {
        method: 'POST',
        body: new URLSearchParams({ 'form-name': 'signup', 'bot-field': '', email, subject: '' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    try {
      for (const email of [
        'ann@example.com, bob@example.com',
        'ann@example.com;bob@example.com',
        'ann@example.com bob@example.com',
        'Ann <ann@example.com>',
        '"Ann" <ann@example.com>',
        'ann@example.com@example.org',
      ]) {
        const res = await post(email);
        expect(res.status, email).toBe(400);
        expect(await res.json()).toEqual({ error: 'Enter one email address' });
      }
      expect(await own.database.db.select().from(waitlistSignup)).toEqual([]);
      expect((await post("o'brien+list@mail.example.co.uk")).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  test('a filled honeypot looks like success and stores nothing', async () => {
    expect((await signup({ email: 'bot@example.com', 'bot-field': 'gotcha' })).status).toBe(200);
    const rows = await s.database.db.select().from(waitlistSignup);
    expect(rows.map((r) => r.emailNormalised)).not.toContain('bot@example.com');
  });

  test('bad emails, other forms and cross-site posts are refused', async () => {
    expect((await signup({ email: 'no-at-sign' })).status).toBe(400);
    expect((await signup({ email: `${'a'.repeat(250)}@x.io` })).status).toBe(400);
    expect((await signup({ email: 'a@b.c', 'form-name': 'other' })).status).toBe(400);
    expect((await signup({ email: 'a@b.c' }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await signup({ email: 'a@b.c' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    const json = await s.app.request('/', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
  });

  test('a form the browser posts itself is answered with the signup page saying how it went; a fetch gets JSON', async () => {
    const navigation = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'same-origin', Accept: 'text/html' };
    const ok = await signup({ email: 'page@example.com' }, navigation);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('Location')).toBe('/signup?signup=thanks');
    const rows = await s.database.db.select().from(waitlistSignup);
    expect(rows.map((r) => r.emailNormalised)).toContain('page@example.com');
    const bad = await signup({ email: 'no-at-sign' }, navigation);
    expect(bad.status).toBe(303);
    expect(bad.headers.get('Location')).toBe('/signup?signup=error');
    // Without Fetch Metadata, a page load is known by what it accepts.
    const old = await signup({ email: 'older@example.com' }, { Accept: 'text/html,application/xhtml+xml' });
    expect(old.headers.get('Location')).toBe('/signup?signup=thanks');
    // Another site's form is refused all the same: only the answer is a page.
    const evil = await signup({ email: 'a@b.c' }, { ...navigation, 'Sec-Fetch-Site': 'cross-site' });
    expect(evil.headers.get('Location')).toBe('/signup?signup=error');
    expect((await s.database.db.select().from(waitlistSignup)).map((r) => r.email)).not.toContain('a@b.c');
    // The app's fetch.
    const fetched = await signup({ email: 'app@example.com' }, { 'Sec-Fetch-Mode': 'cors', Accept: '*/*' });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual({ ok: true });
  });

  test('the waitlist is rate limited per IP with Retry-After', async () => {
    let res: Response | undefined;
    for (let i = 0; i < 15; i++) res = await signup({ email: `fan${i}@example.com` });
    expect(res?.status).toBe(429);
    expect(Number(res?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
