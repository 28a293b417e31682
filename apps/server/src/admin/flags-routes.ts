import * as admin from '@heavy-rotation/contracts/admin';
import { Hono } from 'hono';
import type { FlagStore } from '../flags/store.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json.ts';
import type { AdminAuth, AdminEnv } from './auth.ts';

/**
 * The console's flags (docs/operator.md, "Flags"): the one place a flag changes, each change audited
 * (docs/decisions/020-abuse-limits.md, "Flags").
 */
export function flagsPanelRoutes(flags: FlagStore, auth: AdminAuth): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/flags', async (c) => {
    const list = await flags.list();
    return c.json({ flags: list.map((f) => ({ ...f, updatedAt: f.updatedAt?.toISOString() ?? null })) });
  });
  app.put('/flags/:key', async (c) => {
    const key = c.req.param('key');
    if (!admin.FLAG_KEY.test(key)) throw new HttpError(400, 'key: lowercase letters, digits and _');
    const { enabled } = await readJson(c, admin.flagUpdate);
    await flags.set(key, enabled);
    await auth.audit(c.get('actor'), 'flag changed', `${key} → ${enabled ? 'on' : 'off'}`);
    return c.json({ key, enabled });
  });
  return app;
}
