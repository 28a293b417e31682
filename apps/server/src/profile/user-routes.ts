import { Hono, type MiddlewareHandler } from 'hono';
import type { UserEnv } from '../http/identity.ts';

/** GET /auth/v1/user: the verified caller, in the shape stock auth clients read. */
export function authUserRoutes(guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.get('/user', guard, (c) => {
    const user = c.get('user');
    // Last.fm and ListenBrainz ids carry their source as a prefix (docs/decisions/019-own-sessions-for-other-sources.md).
    const provider = /^(lastfm|listenbrainz):/.exec(user.id)?.[1] ?? 'spotify';
    return c.json({
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email ?? undefined,
      app_metadata: { provider, providers: [provider] },
      user_metadata: { display_name: user.displayName, provider_id: user.id },
    });
  });
  return app;
}
