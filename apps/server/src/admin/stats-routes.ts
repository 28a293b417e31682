import * as admin from '@heavy-rotation/contracts/admin';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { readQuery } from '../http/json.ts';
import { auditPage } from './audit.ts';
import type { AdminEnv } from './auth.ts';
import { stats } from './stats.ts';

/** The console's numbers and its audit log (docs/operator.md, "Stats", "Audit log"). */
export function statsPanelRoutes(db: Db, now: () => number): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/stats', async (c) => {
    const { days } = readQuery(c, admin.statsQuery);
    return c.json(await stats(db, Number(days ?? 30), now));
  });
  app.get('/audit', async (c) => {
    const { page } = readQuery(c, admin.listQuery);
    return c.json(await auditPage(db, page ?? 1));
  });
  return app;
}
