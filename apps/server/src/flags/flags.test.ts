import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAudit } from '../db/schema.ts';
import { ANON_KEY, DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { ADMIN_TOKEN, TRUST_PROXY: '1' });
  });
  afterAll(() => s.close());

  const gate = async () =>
    ((await (await s.call('/api/flags')).json()) as { sms_gate_enabled: boolean }).sms_gate_enabled;

  test('guessing the admin token at a flag route gets nothing: no such door, the flag untouched', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await s.app.request('/api/flags', {
        method: 'PUT',
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer guess-${i}-0123456789abcdef`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': '198.51.100.9',
        },
        body: JSON.stringify({ sms_gate_enabled: false }),
      });
      expect(res.status).toBe(404);
    }
    // Even the right token at the old door changes nothing.
    const right = await s.app.request('/api/flags', {
      method: 'PUT',
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${ADMIN_TOKEN}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ sms_gate_enabled: false }),
    });
    expect(right.status).toBe(404);
    expect(await gate()).toBe(true);
  });

  test('the console is the one way: its sign-in is limited per address and each change is audited', async () => {
    const signIn = (token: string) =>
      s.app.request('/api/admin/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE, 'X-Forwarded-For': '203.0.113.50' },
        body: JSON.stringify({ token, name: 'Ada' }),
      });
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) guesses.push((await signIn(`guess-${i}-0123456789abcdef`)).status);
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);

    const ok = await s.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE, 'X-Forwarded-For': '203.0.113.51' },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
    });
    const cookie = ok.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    const put = await s.app.request('/api/admin/flags/sms_gate_enabled', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: SITE, Cookie: cookie },
      body: JSON.stringify({ enabled: false }),
    });
    expect(put.status).toBe(200);
    expect(await gate()).toBe(false);
    const [last] = await s.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1);
    expect(last).toMatchObject({ actor: 'Ada', action: 'flag changed' });
  });
});
