import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminAudit, type mailOutbox } from '../db/schema.ts';

const PAGE = 50;

/** A page of a log table, newest first, with the count of all its rows: the audit log's, the outbox's. */
export async function newestFirst<T extends typeof adminAudit | typeof mailOutbox>(
  db: Db,
  table: T,
  page: number,
  size: number,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as typeof adminAudit)
      .orderBy(desc(table.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(table as typeof adminAudit),
  ]);
  return { rows: rows as unknown as T['$inferSelect'][], total: total?.n ?? 0 };
}

/** A page of the audit log, newest first (docs/operator.md, "Audit log"). */
export async function auditPage(db: Db, page: number) {
  const { rows, total } = await newestFirst(db, adminAudit, page, PAGE);
  return { total, rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
