import { Hono } from 'hono';
import type { Env } from '../env.ts';

/** GET /app-config.json: what one build of the web app needs to run anywhere (DESIGN.md §3.2). */
export function appConfigRoutes(env: Env): Hono {
  const app = new Hono();
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
  return app;
}
