import { Hono } from 'hono';
import type { Database } from '../db/client.ts';

/** /healthz: the process answers. /readyz: the database answers too. */
export function healthRoutes(database: Database): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) =>
    (await database.ping())
      ? c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' })
      : c.json({ ok: false, error: 'Database unreachable' }, 503, { 'Cache-Control': 'no-store' }),
  );
  return app;
}
