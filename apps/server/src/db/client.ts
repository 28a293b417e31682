import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a trivial query answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; without it the embedded database lives in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to use instead of public (isolates test runs sharing one server). */
  pgSchema?: string;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and applies the committed migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Each driver is loaded only when chosen: start-up time matters (readiness within 2 s).
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const searchPath = options.pgSchema ? `-c search_path=${options.pgSchema}` : undefined;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: searchPath });
    if (options.pgSchema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.pgSchema}"`);
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder, migrationsSchema: options.pgSchema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: () => ping(db as unknown as Db),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir) {
    const dir = join(resolve(options.dataDir), 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
