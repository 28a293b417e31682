import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { Env } from './env.ts';
import { staticRoutes } from './routes/static.ts';

export interface AppDeps {
  env: Env;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function createApp({ env }: AppDeps): Hono {
  const app = new Hono();

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.get('/app-config.json', (c) =>
    c.json(
      {
        productName: env.PRODUCT_NAME,
        spotifyClientId: env.SPOTIFY_CLIENT_ID ?? '',
        spotifyAccountsUrl: env.SPOTIFY_ACCOUNTS_URL,
        spotifyApiUrl: env.SPOTIFY_API_URL,
        backendUrl: env.PUBLIC_ORIGIN ?? new URL(c.req.url).origin,
        anonKey: env.PUBLIC_ANON_KEY,
      },
      200,
      { 'Cache-Control': 'no-cache' },
    ),
  );

  app.route('/', staticRoutes(env.WEB_DIST ?? DEFAULT_WEB_DIST));
  return app;
}
