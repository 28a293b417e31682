import { access, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgliteFiles } from './pglite-files.ts';
import * as schema from './schema.ts';

/** Where the embedded database lives and what it starts from (`./client.ts`, `DatabaseOptions`). */
export interface PgliteOptions {
  dataDir?: string;
  template?: string | false;
  pgliteFiles?: Promise<PgliteFiles | undefined>;
}

const defaultTemplate = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));
/**
 * The embedded database serves one laptop's listeners: 16 MB of shared buffers instead of PostgreSQL's
 * 128 MB keeps the server's memory small (docs/architecture.md, "The embedded database"). A finished
 * write-ahead log segment is deleted, not renamed for reuse with its old bytes still in it, so an
 * erasure's checkpoint leaves no copy of what it erased (`../admin/compact.ts`).
 */
const PGLITE_CONF = ['shared_buffers=16MB', 'wal_recycle=off'];

async function loadPglite() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzle, migrate };
}

/** Whether the template is there to start from. */
async function hasTemplate(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Writes the template's files into a new data folder `dir` (docs/architecture.md, "The embedded
 * database") with the `tar` package: unpacked beside it, then renamed into place, so a start
 * that stops half-way leaves no folder that looks like a database. Files written by Node cost the server
 * no memory, where PGlite's own loading goes through its WebAssembly memory, which never shrinks (~140 MB
 * more for the process's life).
 */
async function unpackTemplate(template: string, dir: string): Promise<void> {
  const staging = `${dir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await mkdir(staging, { recursive: true });
    const { extract } = await import('tar');
    // Only plain files and folders, never a path out of the folder (tar's own checks refuse those too).
    // Synchronously: about 1,000 small files are written in half the time the streamed unpacking takes,
    // and nothing else waits on the main thread this early (PGlite's WebAssembly compiles on V8's threads).
    extract({
      file: template,
      cwd: staging,
      strict: true,
      sync: true,
      filter: (_path, entry) => 'type' in entry && ['File', 'Directory'].includes(String(entry.type)),
    });
    await rmdir(dir).catch(() => undefined);
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Opens the embedded database (in memory without `dataDir`) and applies the migrations. */
export async function openPglite(options: PgliteOptions, migrationsFolder: string) {
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
  await migratePglite(pglite, { migrationsFolder });
  return { db: pglite, client, close: () => client.close() };
}
