import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { PgliteFiles } from './pglite-files.ts';
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
const defaultTemplate = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));
/**
 * The embedded database serves one laptop's listeners: 16 MB of shared buffers instead of PostgreSQL's
 * 128 MB keeps the server's memory small (docs/architecture.md, "The embedded database").
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

async function loadPglite() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  /**
   * PGlite without its reading of every array type as it opens, the longest query of its start
   * (docs/architecture.md, "The embedded database"): it only teaches PGlite's own parsers arrays, and no
   * column or parameter of ours is one (drizzle reads an array column's text itself).
   */
  class ServerPglite extends PGlite {
    override async _initArrayTypes(): Promise<void> {}
  }
  return { PGlite: ServerPglite, drizzle, migrate };
}

/** Whether the template is there to start from. */
async function hasTemplate(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The unpacking's read and gunzip size: 1 MB, not the streams' 16 kB (docs/architecture.md). */
const PIECE = 1 << 20;

interface TarHeader {
  path: string;
  folder: boolean;
  mode: number;
  size: number;
}

/** One 512-byte ustar header (as PGlite's dump writes it); undefined for the end of the archive. */
function tarHeader(block: Buffer): TarHeader | undefined {
  const text = (from: number, length: number) =>
    block.toString('latin1', from, from + length).replace(/\0.*$/s, '');
  const name = text(0, 100);
  if (name === '') return undefined;
  const size = Number.parseInt(text(124, 12).trim() || '0', 8);
  const mode = Number.parseInt(text(100, 8).trim() || '600', 8);
  const type = text(156, 1);
  const prefix = text(257, 6).startsWith('ustar') ? text(345, 155) : '';
  const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '');
  if (!['', '0', '5'].includes(type) || path.split('/').includes('..') || !Number.isFinite(size)) {
    throw new Error(`unexpected entry in the database template: ${JSON.stringify(path)}`);
  }
  return { path, folder: type === '5', mode, size };
}

/**
 * Writes the template's files into a new data folder `dir` (docs/architecture.md, "The embedded
 * database"): unpacked beside it, then renamed into place, so a start that stops half-way leaves no
 * folder that looks like a database. Files written by Node cost the server no memory, where PGlite's own
 * loading goes through its WebAssembly memory, which never shrinks (~140 MB more for the process's life).
 * The archive is read and unpacked as a stream: its 40 MB are never in memory at once.
 */
async function unpackTemplate(template: string, dir: string): Promise<void> {
  const staging = `${dir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  let pending = Buffer.alloc(0);
  // The file being written, the bytes it still expects, and the padding after it.
  let file: { fd: number; left: number } | undefined;
  let skip = 0;
  let ended = false;
  const folders = new Set<string>();
  try {
    // Synchronous writes: a thousand small files through the thread pool (open, write, close each) take
    // several times longer, and nothing else waits on this thread while the database is not open.
    const pieces = createReadStream(template, { highWaterMark: PIECE }).pipe(
      createGunzip({ chunkSize: PIECE }),
    );
    for await (const chunk of pieces) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (!ended) {
        if (file) {
          const n = Math.min(file.left, pending.length);
          if (n > 0) writeSync(file.fd, pending, 0, n);
          pending = pending.subarray(n);
          file.left -= n;
          if (file.left > 0) break;
          closeSync(file.fd);
          file = undefined;
        }
        if (skip > 0) {
          const n = Math.min(skip, pending.length);
          pending = pending.subarray(n);
          skip -= n;
          if (skip > 0) break;
        }
        if (pending.length < 512) break;
        const header = tarHeader(pending.subarray(0, 512));
        pending = pending.subarray(512);
        if (!header) {
          ended = true;
          break;
        }
        const path = join(staging, header.path);
        if (header.folder) {
          mkdirSync(path, { recursive: true, mode: header.mode });
          folders.add(path);
          continue;
        }
        // Once per folder, not per file: most of the thousand files share a handful of folders.
        const folder = dirname(path);
        if (!folders.has(folder)) {
          mkdirSync(folder, { recursive: true });
          folders.add(folder);
        }
        file = { fd: openSync(path, 'w', header.mode), left: header.size };
        skip = Math.ceil(header.size / 512) * 512 - header.size;
      }
    }
    if (file || !ended) throw new Error('the database template ends early');
    await rmdir(dir).catch(() => undefined);
    await rename(staging, dir);
  } finally {
    if (file) closeSync(file.fd);
    await rm(staging, { recursive: true, force: true });
  }
}

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
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const { PGlite, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  let client: InstanceType<typeof PGlite>;
  if (options.dataDir) {
    const dir = join(resolve(options.dataDir), 'pglite');
    await mkdir(dir, { recursive: true });
    const fresh = await access(join(dir, 'PG_VERSION')).then(
      () => false,
      () => true,
    );
    // An empty folder starts from the template when there is one; the migrations below add anything newer.
    const template = options.template ?? defaultTemplate;
    if (template && fresh && (await readdir(dir)).length === 0 && (await hasTemplate(template))) {
      await unpackTemplate(template, dir);
    }
    client = new PGlite(dir, { postgresqlconf: PGLITE_CONF, ...(await options.pgliteFiles) });
  } else {
    client = new PGlite({ postgresqlconf: PGLITE_CONF });
  }
  const pglite = drizzlePglite(client, { schema });
  if (!(await migrationsApplied(client))) await migratePglite(pglite, { migrationsFolder });
  // Cast: as for node-postgres above.
  const db = pglite as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/**
 * The time of the newest migration in the folder: its journal's `when`, which drizzle records as the
 * migration's `created_at` once applied (and compares the same way to decide what to run).
 */
async function newestMigration(): Promise<number> {
  const journal: unknown = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const entries =
    typeof journal === 'object' && journal !== null && 'entries' in journal ? journal.entries : [];
  const times = Array.isArray(entries)
    ? entries.map((e: unknown) => (typeof e === 'object' && e !== null && 'when' in e ? Number(e.when) : NaN))
    : [];
  if (times.length === 0 || times.some((t) => !Number.isFinite(t)))
    throw new Error('unreadable migration journal');
  return Math.max(...times);
}

/**
 * Whether the embedded database already has every migration: one row read instead of every migration
 * file read and hashed (docs/architecture.md, "The embedded database"). Anything unexpected (no
 * migrations table yet) answers false, and the migrator decides.
 */
async function migrationsApplied(client: {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}): Promise<boolean> {
  try {
    const [newest, { rows }] = await Promise.all([
      newestMigration(),
      client.query<{ at: string | null }>(
        'select max(created_at)::text as at from drizzle.__drizzle_migrations',
      ),
    ]);
    return Number(rows[0]?.at ?? Number.NaN) >= newest;
  } catch {
    return false;
  }
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
