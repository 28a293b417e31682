import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSources } from '@heavy-rotation/emulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { sourceSession } from '../db/schema.ts';
import { cookieOf } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const [DEMO, FRESH] = demoSources.listenbrainz.map((l) => l.token ?? '');

const signIn = (s: TestServer, token: string | undefined, origin?: string) =>
  s.call('/auth/listenbrainz/session', {
    json: { token },
    ...(origin ? { headers: { Origin: origin } } : {}),
  });
const asListener = (s: TestServer, cookie: string, path = '/api/source/session') =>
  s.call(path, { headers: { Cookie: cookie } });

/** Every file under `dir` whose bytes contain `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}

describe('the embedded database: the sealing secret lives outside DATA_DIR', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'hr-keys-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** A server on the embedded database in `dataDir`, its secret from `keyFile` (no SOURCE_KEY_SECRET). */
  async function serverOn(dataDir: string, keyFile: string) {
    const database = await openDatabase({ dataDir });
    const s = await startTestServer(
      'pglite',
      { SOURCE_KEY_SECRET: '', SOURCE_KEY_FILE: keyFile, DATA_DIR: dataDir },
      { database },
    ).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    const close = async () => {
      await s.close();
      await database.close();
    };
    return { s, close };
  }

  test('a copy of the data folder alone opens no key; with the key file it does', async () => {
    const data = join(root, 'data');
    const keyFile = join(root, 'config', 'heavy-rotation', 'source-key-secret');
    const first = await serverOn(data, keyFile);
    const session = cookieOf(await signIn(first.s, DEMO), 'hr_session') ?? '';
    expect((await asListener(first.s, `hr_session=${session}`)).status).toBe(200);
    await first.close();

    const secret = (await readFile(keyFile, 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(keyFile)).mode & 0o077).toBe(0);
    expect(await filesHolding(data, secret)).toEqual([]);
    expect(await filesHolding(data, DEMO ?? '')).toEqual([]);

    // Someone with a copy of DATA_DIR, on their own machine (a key file of their own): signed out.
    const copy = join(root, 'copy');
    await cp(data, copy, { recursive: true });
    const thief = await serverOn(copy, join(root, 'thief', 'source-key-secret'));
    expect((await asListener(thief.s, `hr_session=${session}`)).status).toBe(401);
    await thief.close();
    const owner = await serverOn(copy, keyFile);
    expect((await asListener(owner.s, `hr_session=${session}`)).status).toBe(200);
    await owner.close();

    // A key file inside DATA_DIR is refused at start.
    await expect(serverOn(data, join(data, 'source-key-secret'))).rejects.toThrow(
      /SOURCE_KEY_FILE: must be outside DATA_DIR/,
    );
  }, 120_000);

  test('a secret kept in DATA_DIR by an earlier version moves out, and the keys it sealed still open, once unbound', async () => {
    const data = join(root, 'legacy');
    const keyFile = join(root, 'legacy-config', 'source-key-secret');
    const legacy = randomBytes(32).toString('base64url');
    await mkdir(data, { recursive: true });
    await writeFile(join(data, 'source-key-secret'), `${legacy}\n`);
    const first = await serverOn(data, keyFile);
    const session = cookieOf(await signIn(first.s, DEMO), 'hr_session') ?? '';
    // A key sealed as before binding: AES-256-GCM without additional data.
    const key = Buffer.from(hkdfSync('sha256', legacy, 'heavy-rotation', 'source keys v1', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(DEMO ?? '', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
    const { db } = first.s.database;
    await db
      .update(sourceSession)
      .set({ sourceKey: v1 })
      .where(eq(sourceSession.userId, 'listenbrainz:demo-brainz'));
    expect((await asListener(first.s, `hr_session=${session}`)).status).toBe(200);
    const [row] = await db
      .select()
      .from(sourceSession)
      .where(eq(sourceSession.userId, 'listenbrainz:demo-brainz'));
    expect(row?.sourceKey).toMatch(/^v2\./);
    await first.close();
    expect(await readdir(data)).not.toContain('source-key-secret');
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(legacy);
  }, 120_000);
});

describe.each(DATABASES)('sealed keys are bound to their row, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '100' });
  });
  afterAll(() => s.close());

  test("a listener's sealed key copied into another listener's row opens nothing there", async () => {
    await signIn(s, DEMO);
    const mine = cookieOf(await signIn(s, FRESH), 'hr_session') ?? '';
    const { db } = s.database;
    const [victim] = await db
      .select()
      .from(sourceSession)
      .where(eq(sourceSession.userId, 'listenbrainz:demo-brainz'));
    // Someone who can write the database moves the victim's sealed key into their own session.
    await db
      .update(sourceSession)
      .set({ sourceKey: victim?.sourceKey ?? '' })
      .where(eq(sourceSession.userId, 'listenbrainz:fresh-brainz'));
    const top = await asListener(s, `hr_session=${mine}`, '/api/source/top-artists');
    expect(top.status).toBe(401);
    expect(await top.text()).not.toMatch(/artists/);
  });
});

describe('the session cookie on an https origin', () => {
  const ORIGIN = 'https://rotation.example';
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { PUBLIC_ORIGIN: ORIGIN, RATE_LIMIT_SIGN_IN_PER_MINUTE: '100' });
  });
  afterAll(() => s.close());

  test('is __Host-hr_session: Secure, Path=/, no Domain; a planted bare hr_session is not read', async () => {
    const res = await signIn(s, DEMO, ORIGIN);
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('__Host-hr_session=')) ?? '';
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().some((l) => l.startsWith('hr_session='))).toBe(false);
    const token = cookieOf(res, '__Host-hr_session') ?? '';
    expect((await asListener(s, `__Host-hr_session=${token}`)).status).toBe(200);
    // A sibling subdomain or a plain-http page can set a bare cookie; it signs no one in here.
    expect((await asListener(s, `hr_session=${token}`)).status).toBe(401);
    const out = await s.call('/api/source/logout', {
      method: 'POST',
      headers: { Cookie: `__Host-hr_session=${token}`, Origin: ORIGIN },
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^__Host-hr_session=;.*Secure/);
  });
});
