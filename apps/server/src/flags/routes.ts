import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { FlagStore } from './store.ts';

/**
 * GET /api/flags (public, apikey). Flags change only in the operator console (PUT /api/admin/flags/:key),
 * behind its sign-in, its limits and its audit (docs/decisions/020-abuse-limits.md, "Flags").
 */
export function flagRoutes(store: FlagStore, guard: MiddlewareHandler): Hono {
  const app = new Hono();
  // Answered without waiting while the flag is cached.
  const answer = (c: Context, enabled: boolean) =>
    c.json({ sms_gate_enabled: enabled }, 200, { 'Cache-Control': 'no-cache' });
  app.get('/', guard, (c) => {
    const enabled = store.smsGateAtOnce();
    return typeof enabled === 'boolean'
      ? Promise.resolve(answer(c, enabled))
      : enabled.then((e) => answer(c, e));
  });
  return app;
}
