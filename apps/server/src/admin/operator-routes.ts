import { randomBytes } from 'node:crypto';
import * as admin from '@heavy-rotation/contracts/admin';
import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { operator } from '../db/schema.ts';
import { readJson } from '../http/json.ts';
import { type AdminEnv, hash } from './auth.ts';
import { serialId } from './ids.ts';
import { addOperator, type OperatorRecord, revokeOperator } from './operators.ts';

const operatorJson = (r: OperatorRecord): admin.OperatorRow => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/**
 * /api/admin/operators (docs/operator.md, "Operators"), behind the console's session check: a token is
 * answered once and kept only as its SHA-256; every change takes the roster's lock (`./operators.ts`).
 */
export function operatorRoutes(db: Db, now: () => number): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/', async (c) => {
    const rows = await db.select().from(operator).orderBy(asc(operator.id));
    return c.json({ operators: rows.map(operatorJson) });
  });
  app.post('/', async (c) => {
    const { name } = await readJson(c, admin.operatorAdd);
    const token = randomBytes(32).toString('base64url');
    const row = await addOperator(db, c.get('actor'), name, hash(token), new Date(now()));
    return c.json({ operator: operatorJson(row), token }, 201);
  });
  app.delete('/:id', async (c) => {
    const id = serialId(c.req.param('id'), 'an operator id');
    const row = await revokeOperator(db, c.get('operatorId'), id, new Date(now()));
    return c.json({ operator: operatorJson(row) });
  });
  return app;
}
