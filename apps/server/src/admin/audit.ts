import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';

const PAGE = 50;

/** A page of the audit log, newest first (docs/operator.md, "Audit log"). */
export async function auditPage(db: Db, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.id))
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db.select({ n: sql<number>`count(*)::int` }).from(adminAudit),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
