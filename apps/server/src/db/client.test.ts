import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { waitlistSignup } from './schema.ts';
import { writePgliteTemplate } from './template.ts';

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

test('a database whose recorded migrations are behind the folder is handed to the migrator', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-db-'));
  const first = await openDatabase({ dataDir });
  // Forget that the newest migration ran: what it made is still there, so running it again fails on its
  // first table or function, which shows the start did not take the database for up to date.
  await first.db.execute(
    sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
  );
  await first.close();
  // Whatever the newest migration does first (a table, a column) is there already: running it fails.
  await expect(openDatabase({ dataDir })).rejects.toThrow();
  await rm(dataDir, { recursive: true, force: true });
});

test('each migration is recorded as newer than the one before: none is skipped on an existing database', async () => {
  // The migrator runs only migrations newer than the newest one a database recorded.
  const journal = JSON.parse(
    await readFile(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const whens = journal.entries.map((e) => e.when);
  expect(whens).toEqual([...whens].sort((a, b) => a - b));
  expect(new Set(whens).size).toBe(whens.length);
});

// Three embedded databases are started (the template's, then two opens): seconds of CPU each on a busy machine.
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
}, 120_000);
