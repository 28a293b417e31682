import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase, writePgliteTemplate } from './client.ts';
import { waitlistSignup } from './schema.ts';

test('the embedded database keeps its data across restarts and migrates only once', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-db-'));
  const first = await openDatabase({ dataDir });
  await first.db
    .insert(waitlistSignup)
    .values({ email: 'Fan@example.com', emailNormalised: 'fan@example.com' });
  await first.close();
  const second = await openDatabase({ dataDir });
  const rows = await second.db.select().from(waitlistSignup);
  expect(rows.map((r) => r.emailNormalised)).toEqual(['fan@example.com']);
  expect(await second.ping()).toBe(true);
  await second.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('an empty data folder starts from the template, which holds every migration, and keeps its data', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-db-'));
  const template = join(dataDir, 'template.tar.gz');
  await writePgliteTemplate(template);
  const first = await openDatabase({ dataDir, template });
  // Unpacked in place: nothing else is left in the folder.
  expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'template.tar.gz']);
  // The tables of every migration are there: a write to the newest ones works.
  await first.db
    .insert(waitlistSignup)
    .values({ email: 'Fan@example.com', emailNormalised: 'fan@example.com' });
  await first.close();
  const second = await openDatabase({ dataDir, template });
  expect((await second.db.select().from(waitlistSignup)).map((r) => r.emailNormalised)).toEqual([
    'fan@example.com',
  ]);
  await second.close();
  await rm(dataDir, { recursive: true, force: true });
});
