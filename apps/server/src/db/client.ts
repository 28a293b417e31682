import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { type ChangeFeed, pgliteChanges, postgresChanges } from './changes.ts';
import { openPglite } from './pglite.ts';
import type { PgliteFiles } from './pglite-files.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A pool's state: its connections, those idle, and the requests waiting for one. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Which cached rows changed, told by the database to every instance (`./changes.ts`). */
  changes: ChangeFeed;
  /** PostgreSQL's pool as it is now (the metrics read it); the embedded database has none. */
  pool?: () => PoolState;
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
  /**
   * An embedded database with every migration applied, archived, to start an empty data folder from
   * instead of creating one (default: `pglite-template.tar.gz` beside this module, which the server's
   * build writes (`./template.ts`); none when running from source). `false`: create one.
   */
  template?: string | false;
  /** PGlite's files, read and compiled ahead (src/index.ts); without them PGlite loads its own. */
  pgliteFiles?: Promise<PgliteFiles | undefined>;
  /** How long to wait for PostgreSQL at start before giving up (default 30 s). */
  startTimeoutMs?: number;
  /** Told about a failed connection attempt at start, and about errors of idle connections later. */
  onTrouble?: (what: string, error: unknown) => void;
}

// Every instance takes this lock before migrating, so instances started together migrate one by one.
const MIGRATION_LOCK = 'heavy-rotation:migrations';

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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: searchPath,
      // While PostgreSQL is down, a request fails within seconds (503) instead of hanging.
      connectionTimeoutMillis: 3_000,
    });
    // A connection PostgreSQL drops while idle (a restart) is reported here; without a listener the
    // process would crash. The pool opens new connections by itself once PostgreSQL is back.
    pool.on('error', (error) => options.onTrouble?.('an idle database connection failed', error));
    const client = await connectWithRetry(pool, options);
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      if (options.pgSchema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.pgSchema}"`);
      await migrateNodePg(drizzleNodePg(client, { schema }), {
        migrationsFolder,
        migrationsSchema: options.pgSchema,
      });
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    // Cast: both drivers give a PgDatabase over the same schema; only their query-result type differs,
    // and the app reads results through the schema, never the driver's raw result.
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const changes = postgresChanges(
      () =>
        new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: 3_000,
          // The heartbeat's answer, or the feed counts as cut (`./changes.ts`).
          query_timeout: 3_000,
        }),
      (what, error) => options.onTrouble?.(what, error),
    );
    return {
      db,
      kind: 'postgres',
      changes,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: () => ping(db),
      async close() {
        await changes.close();
        await pool.end();
      },
    };
  }
  const embedded = await openPglite(options, migrationsFolder);
  // Cast: as for node-postgres above.
  const db = embedded.db as unknown as Db;
  const changes = await pgliteChanges(embedded.client);
  return {
    db,
    kind: 'pglite',
    changes,
    ping: () => ping(db),
    async close() {
      await changes.close();
      await embedded.close();
    },
  };
}

/** Waits for PostgreSQL at start, trying again with a growing pause until the start timeout. */
async function connectWithRetry(pool: Pool, options: DatabaseOptions): Promise<PoolClient> {
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (let attempt = 0; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      options.onTrouble?.(`PostgreSQL is not reachable yet (attempt ${attempt + 1}); trying again`, error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 2_000)));
    }
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
