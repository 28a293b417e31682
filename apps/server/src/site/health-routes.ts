import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { withDeadline } from '../http/deadline.ts';

/**
 * /healthz: the process answers. /readyz: the database answers within 2 s, and the process is not
 * shutting down (a load balancer stops sending it requests as soon as SIGTERM arrives).
 */
export function healthRoutes(database: Database, draining: () => boolean = () => false): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    if (draining()) return c.json({ ok: false, error: 'Shutting down' }, 503);
    const up = await withDeadline(database.ping(), 2_000).catch(() => false);
    return up ? c.json({ ok: true }) : c.json({ ok: false, error: 'Database unreachable' }, 503);
  });
  return app;
}
