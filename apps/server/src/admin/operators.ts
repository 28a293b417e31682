import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adminAudit, adminSession, operator } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { looksAlike, operatorName } from './operator-name.ts';

export type OperatorRecord = typeof operator.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every change to who may sign in (the first account, adding, revoking, restoring) takes one advisory
 * lock for its transaction, so changes on any instance happen one after the other, each seeing the last
 * one's result (docs/operator.md, "Operators"). Two operators revoking each other at once: the second
 * finds itself revoked and is refused.
 */
function withRoster<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('operator:roster'))`);
    return work(tx);
  });
}

/** The name normalised, or a 409 when it reads like an account's that exists (revoked ones too). */
async function freeName(tx: Tx, raw: string): Promise<string> {
  const name = operatorName(raw);
  const taken = await tx.select({ name: operator.name }).from(operator);
  if (taken.some((t) => looksAlike(t.name, name)))
    throw new HttpError(409, 'An operator already has that name, or one that looks like it');
  return name;
}

/** The first account, only while there is none; undefined once one exists. */
export function createFirstOperator(db: Db, rawName: string, tokenHash: string) {
  return withRoster(db, async (tx) => {
    const [any] = await tx.select({ id: operator.id }).from(operator).limit(1);
    if (any) return undefined;
    const name = operatorName(rawName);
    const [made] = await tx.insert(operator).values({ name, tokenHash }).returning();
    return made;
  });
}

/** A new account by name; audited by `actor`. */
export function addOperator(db: Db, actor: string, rawName: string, tokenHash: string, at: Date) {
  return withRoster(db, async (tx) => {
    const name = await freeName(tx, rawName);
    const [made] = await tx.insert(operator).values({ name, tokenHash }).returning();
    if (!made) throw new HttpError(409, 'An operator already has that name, or one that looks like it');
    await tx.insert(adminAudit).values({ actor, action: 'added an operator', detail: name, createdAt: at });
    return made;
  });
}

/**
 * Revokes `targetId` for the account `byId`: refused when `byId` was revoked meanwhile, when the target
 * is `byId` itself, and when no active account would be left. The target's sessions end with it.
 */
export function revokeOperator(db: Db, byId: number, targetId: number, at: Date) {
  if (targetId === byId) throw new HttpError(400, 'Another operator has to revoke you');
  return withRoster(db, async (tx) => {
    const active = await tx.select().from(operator).where(isNull(operator.revokedAt));
    const by = active.find((r) => r.id === byId);
    if (!by) throw new HttpError(401, 'Sign in to the console');
    if (!active.some((r) => r.id === targetId)) throw new HttpError(404, 'No active operator has this id');
    if (active.length <= 1) throw new HttpError(409, 'At least one operator must stay active');
    const [row] = await tx
      .update(operator)
      .set({ revokedAt: at })
      .where(eq(operator.id, targetId))
      .returning();
    if (!row) throw new HttpError(404, 'No active operator has this id');
    await tx.delete(adminSession).where(eq(adminSession.operatorId, targetId));
    await tx
      .insert(adminAudit)
      .values({ actor: by.name, action: 'revoked an operator', detail: row.name, createdAt: at });
    return row;
  });
}

/**
 * The way back into a console nobody can sign in to (docs/operator.md, "Locked out"): run on the server
 * by someone who can reach its database. The named account is made active again with a new token (its
 * old token and sessions end), or made when there is none; audited as the server's.
 */
export function restoreOperator(db: Db, rawName: string, tokenHash: string) {
  return withRoster(db, async (tx) => {
    const name = operatorName(rawName);
    const rows = await tx.select().from(operator);
    const same = rows.find((r) => r.name === name);
    const alike = rows.find((r) => r.name !== name && looksAlike(r.name, name));
    if (!same && alike)
      throw new Error(`"${name}" looks like the operator "${alike.name}": restore that name`);
    let row: OperatorRecord | undefined;
    if (same) {
      await tx.delete(adminSession).where(eq(adminSession.operatorId, same.id));
      [row] = await tx
        .update(operator)
        .set({ revokedAt: null, tokenHash })
        .where(eq(operator.id, same.id))
        .returning();
    } else {
      [row] = await tx.insert(operator).values({ name, tokenHash }).returning();
    }
    if (!row) throw new Error(`operator ${name} could not be restored`);
    const action = same ? 'restored an operator' : 'added an operator';
    await tx.insert(adminAudit).values({ actor: '(server)', action, detail: name });
    return row;
  });
}
