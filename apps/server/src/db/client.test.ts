import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from './client.ts';
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
