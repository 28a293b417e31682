import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { openDatabase } from './client.ts';

/**
 * Writes the template for empty data folders (docs/architecture.md, "The embedded database"): a new
 * embedded database with every migration applied, closed (so PostgreSQL shut it down cleanly), its
 * folder archived and gzipped. Run by the server's build; never by the server, which only unpacks it.
 */
export async function writePgliteTemplate(path: string): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hr-template-'));
  try {
    const database = await openDatabase({ dataDir, template: false });
    await database.close();
    const folder = join(dataDir, 'pglite');
    // Plain files and folders with their modes, nothing of this machine (owner, times).
    await create({ gzip: { level: 9 }, file: path, cwd: folder, portable: true }, await readdir(folder));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
