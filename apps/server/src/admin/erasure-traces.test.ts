import { createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as schemas from '@heavy-rotation/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { adminAudit, appSecret, waitlistSignup } from '../db/schema.ts';
import { createLogger } from '../http/logger.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';
import { createPseudonym } from './pseudonym.ts';

const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';
const LISTENER = 'demo-listener';

/** A listener confirms a number with the texted code and joins the waitlist; an operator signs in. */
async function aListenerWithANumber(s: TestServer, phone: string, email: string) {
  const token = await s.token(LISTENER);
  const subscribe = await s.call('/functions/v1/sms-subscribe', {
    token,
    json: { spotifyUserId: LISTENER, phone },
  });
  expect(subscribe.status).toBe(200);
  const texts = (await (
    await s.emulator.request(`/twilio/_emulator/messages?to=${encodeURIComponent(phone)}`)
  ).json()) as { messages: { body: string }[] };
  const code = /\d{6}/.exec(texts.messages.at(-1)?.body ?? '')?.[0] ?? '';
  expect((await s.call('/functions/v1/sms-confirm', { token, json: { code } })).status).toBe(200);
  const signup = await s.app.request('/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE,
      apikey: s.env.PUBLIC_ANON_KEY,
    },
    body: new URLSearchParams({ 'form-name': 'signup', 'bot-field': '', email }).toString(),
  });
  expect(signup.status).toBe(200);
  const signIn = await s.app.request('/api/admin/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITE },
    body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
  });
  const cookie = /^hr_admin=([^;]+)/.exec(signIn.headers.getSetCookie()[0] ?? '')?.[1] ?? '';
  return (path: string, method: string) =>
    s.app.request(`/api/admin${path}`, { method, headers: { Cookie: `hr_admin=${cookie}`, Origin: SITE } });
}

describe.each(DATABASES)('erasure leaves no traces in logs or pseudonyms, on %s', (kind) => {
  const lines: string[] = [];
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(
      kind,
      { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE, LOG_LEVEL: 'info' },
      { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) },
    );
  });
  afterAll(() => s.close());

  test('no listener id, number or email in any log line, and no pseudonym anyone reading the database can recompute', async () => {
    const phone = '+14155552699';
    const operator = await aListenerWithANumber(s, phone, 'only.person@example.com');
    expect((await operator(`/subscribers/${LISTENER}/reveal`, 'POST')).status).toBe(200);
    expect((await operator('/subscribers/someone@example.com/reveal', 'POST')).status).toBe(404);
    expect((await operator(`/subscribers/${LISTENER}`, 'DELETE')).status).toBe(200);
    const [signup] = await s.database.db.select().from(waitlistSignup);
    expect((await operator(`/waitlist/${signup?.id ?? 0}`, 'DELETE')).status).toBe(200);

    const log = lines.join('');
    expect(log).toMatch(/"msg":"request"/);
    for (const secret of [LISTENER, '4155552699', 'only.person@example.com', 'someone@example.com']) {
      expect(log, secret).not.toContain(secret);
    }

    // The audit names a pseudonym, keyed outside the database: no key in it gives the same one.
    const rows = await s.database.db.select().from(adminAudit);
    const revealed = rows.find((r) => r.action === 'revealed a phone number')?.detail ?? '';
    const pseudonym = /p-[0-9a-f]{16}/.exec(revealed)?.[0];
    expect(pseudonym).toBe(createPseudonym(s.env.SOURCE_KEY_SECRET ?? '')(`listener:${LISTENER}`));
    const guesses = (await s.database.db.select().from(appSecret)).map(
      (key) =>
        `p-${createHmac('sha256', key.value).update(`listener:${LISTENER}`).digest('hex').slice(0, 16)}`,
    );
    expect(guesses).not.toContain(pseudonym);
  });

  test('the logger itself blanks addresses, numbers and listener paths in any field', () => {
    const out: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void out.push(line) });
    logger.warn(
      {
        path: '/api/admin/subscribers/spotify:ann.smith/reveal',
        cause: { message: '550 <ann@example.com> +44 7700 900123' },
      },
      'mail not sent',
    );
    logger.info({ path: '/api/challenges/abc123/guess', detail: 'listener 447700900123' }, 'request');
    const text = out.join('');
    expect(text).toContain('/api/admin/subscribers/:id/reveal');
    expect(text).toContain('/api/challenges/:id/guess');
    expect(text).not.toMatch(/ann\.smith|ann@example|7700|900123|abc123/);
  });
});

describe('on the embedded database, an erased number leaves the data folder', () => {
  let dir = '';
  let s: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hr-erase-'));
    const database = await openDatabase({ dataDir: dir });
    s = await startTestServer('pglite', { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE }, { database });
  }, 60_000);
  afterAll(async () => {
    await s.close();
    await s.database.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Files of the data folder holding `text`'s bytes. */
  async function holding(text: string): Promise<string[]> {
    const hits: string[] = [];
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile() && (await readFile(path)).includes(text)) hits.push(path.slice(dir.length));
    }
    return hits;
  }

  test("VACUUM FULL and a checkpoint after the erasure: no file keeps the number's or the address's bytes", async () => {
    const phone = '+14155552688';
    const operator = await aListenerWithANumber(s, phone, 'demo@example.com');
    await s.database.db.execute(sql`checkpoint`);
    // Written to the folder's files (tables and write-ahead log) before the erasure.
    expect(await holding('4155552688')).not.toEqual([]);
    expect(await holding('demo@example.com')).not.toEqual([]);

    const erased = await operator(`/subscribers/${LISTENER}`, 'DELETE');
    expect(erased.status).toBe(200);
    expect((await read(erased, schemas.erasureReply)).removed).toMatchObject({
      numbers: 1,
      waitlistSignups: 1,
    });
    expect(await holding('4155552688')).toEqual([]);
    expect(await holding('demo@example.com')).toEqual([]);
  }, 60_000);
});
