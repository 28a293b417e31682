import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as schemas from '@heavy-rotation/contracts/admin';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { read, startTestServer } from '../test/harness.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/admin.ts', import.meta.url));
const ADMIN_TOKEN = 'bootstrap-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hr-restore-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A server on the embedded database in `dir`, for as long as `use` runs; closed after, as a stop would. */
async function withServer<T>(
  use: (call: (path: string, init: RequestInit) => Promise<Response>) => Promise<T>,
) {
  const database = await openDatabase({ dataDir: dir });
  const s = await startTestServer('pglite', { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE }, { database });
  try {
    return await use((path, init) => {
      const headers = new Headers(init.headers);
      headers.set('Origin', SITE);
      headers.set('Content-Type', 'application/json');
      return Promise.resolve(s.app.request(`/api/admin${path}`, { ...init, headers }));
    });
  } finally {
    await s.close();
    await database.close();
  }
}

test('restore-operator, run on the server with the console locked, prints a token that signs in', async () => {
  // The server is stopped (the embedded database has one process); the command runs in its place.
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', SCRIPT, 'restore-operator', 'Ada'],
    { env: { PATH: process.env.PATH, DATA_DIR: dir, LOG_LEVEL: 'silent' } },
  );
  expect(stderr).toMatch(/Operator "Ada" is active/);
  const token = stdout.trim();
  expect(token).toMatch(/^[\w-]{43}$/);
  await withServer(async (call) => {
    // An operator exists: ADMIN_TOKEN signs no one in; the printed token does.
    const bootstrap = await call('/session', {
      method: 'POST',
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Mallory' }),
    });
    expect(bootstrap.status).toBe(401);
    const back = await call('/session', { method: 'POST', body: JSON.stringify({ token }) });
    expect(back.status).toBe(200);
    expect((await read(back, schemas.adminSession)).actor).toBe('Ada');
  });
  // Without a name it says how it is used, and changes nothing.
  const usage = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { PATH: process.env.PATH, DATA_DIR: dir },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: npm run admin/) });
}, 120_000);
