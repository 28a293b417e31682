import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client.ts';

// Test-only: the PostgreSQL server CI provides; without it the suites run on PGlite alone.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A fresh database: in-memory PGlite, or a schema of its own on the test PostgreSQL server. */
export async function openTestDatabase(
  kind: 'pglite' | 'postgres',
): Promise<Database & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { ...database, drop: () => database.close() };
  }
  const pgSchema = `test_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema });
  return {
    ...database,
    async drop() {
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`));
      await database.close();
    },
  };
}

/** A second instance's own connections to the same database (on PostgreSQL, its own pool and feed). */
export async function secondConnection(first: Database): Promise<Database> {
  if (first.kind === 'pglite') return first;
  const rows: unknown = await first.db.execute(sql`select current_schema() as schema`);
  const pgSchema = (rows as { rows: { schema: string }[] }).rows[0]?.schema;
  return openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema });
}
