import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';
import { ERASED_TABLES } from './erase.ts';

/** Every table an erasure deletes from (`./erase.ts`), and the audit log it writes to. */
const ERASED_FROM = [...ERASED_TABLES, adminAudit].map((table) => `"${getTableName(table)}"`);

/**
 * After an erasure on the embedded database (docs/operator.md, "Erasing a person"): a deleted row stays
 * in its table's files, and in the write-ahead log, until PostgreSQL reuses the space. VACUUM FULL writes
 * each table the erasure touched, with its indexes, into new files and empties the old ones; then the WAL
 * segment is ended and a checkpoint deletes every finished one (the embedded database runs with
 * `wal_recycle=off`, `../db/client.ts`, so an old segment is removed, not renamed for reuse with its bytes).
 * Run after the erasure's transaction, never inside one. PostgreSQL deployments vacuum on their own
 * schedule and keep WAL by their own policy (docs/deploy.md, "Backups").
 */
export async function compactAfterErasure(db: Db): Promise<void> {
  await db.execute(sql.raw(`VACUUM FULL ${ERASED_FROM.join(', ')}`));
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql`checkpoint`);
}
