import * as admin from '@heavy-rotation/contracts/admin';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import type { FlagStore } from '../flags/store.ts';
import { readJson } from '../http/json.ts';
import type { AdminEnv } from './auth.ts';
import { type ErasureRouteOptions, erasureRoutes } from './erasure-routes.ts';
import { flagsPanelRoutes } from './flags-routes.ts';
import { operatorRoutes } from './operator-routes.ts';
import { statsPanelRoutes } from './stats-routes.ts';
import { subscribersPanelRoutes } from './subscribers-routes.ts';
import { type WaitlistPanelOptions, waitlistPanelRoutes } from './waitlist-routes.ts';

export interface AdminRouteOptions extends ErasureRouteOptions, WaitlistPanelOptions {
  flags: FlagStore;
  /** Limits sign-in attempts per IP. */
  signInGuard: MiddlewareHandler;
}

/**
 * The operator console's API, /api/admin/* (docs/operator.md): on when ADMIN_TOKEN is set. The session
 * is answered here; every panel behind it, each in its own module, only for a signed-in operator.
 */
export function adminRoutes(
  env: Pick<Env, 'ADMIN_TOKEN' | 'SMTP_URL'>,
  options: AdminRouteOptions,
): Hono<AdminEnv> {
  const enabled = env.ADMIN_TOKEN !== undefined;
  const { db, auth, now } = options;
  const app = new Hono<AdminEnv>();

  app.get('/session', async (c) =>
    c.json({ enabled, actor: enabled ? ((await auth.actorOf(c)) ?? null) : null }),
  );
  app.post('/session', options.signInGuard, async (c) => {
    const body = await readJson(c, admin.adminSignIn);
    const signed = await auth.signIn(c, body.token, body.name);
    return c.json({ enabled: true, ...signed });
  });
  app.delete('/session', async (c) => {
    await auth.signOut(c);
    return c.body(null, 204);
  });

  app.use('*', auth.requireAdmin);
  // Erasing a person (docs/operator.md, "Erasing a person").
  app.route('/', erasureRoutes(options));
  app.route('/', waitlistPanelRoutes(env, options));
  app.route('/', subscribersPanelRoutes(options));
  app.route('/', statsPanelRoutes(db, now));
  app.route('/', flagsPanelRoutes(options.flags, auth));
  // Operators (docs/operator.md, "Operators"): adding, revoking, each under the roster's lock.
  app.route('/operators', operatorRoutes(db, now));
  return app;
}
