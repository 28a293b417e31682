import { Hono } from 'hono';
import type { Env } from '../env.ts';

/** GET /app-config.json: what one build of the web app needs to run anywhere (docs/decisions/002-runtime-configuration.md). */
export function appConfigRoutes(env: Env): Hono {
  const app = new Hono();
  const render = (backendUrl: string) =>
    JSON.stringify({
      productName: env.PRODUCT_NAME,
      spotifyClientId: env.SPOTIFY_CLIENT_ID ?? '',
      spotifyAccountsUrl: env.SPOTIFY_ACCOUNTS_URL,
      spotifyApiUrl: env.SPOTIFY_API_URL,
      backendUrl,
      anonKey: env.PUBLIC_ANON_KEY,
      // Other sources: whether Last.fm sign-in is set up, and where ListenBrainz shows a user's token.
      lastfm: Boolean(env.LASTFM_API_KEY && env.LASTFM_SHARED_SECRET),
      listenbrainzSettingsUrl: env.LISTENBRAINZ_SETTINGS_URL,
    });
  // Every page load asks for it: the answer is built once (per request origin when PUBLIC_ORIGIN is unset).
  const fixed = env.PUBLIC_ORIGIN ? render(env.PUBLIC_ORIGIN) : undefined;
  let last: { url: string; body: string } | undefined;
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' };
  app.get('/app-config.json', (c) => {
    if (fixed) return c.body(fixed, 200, headers);
    if (last?.url !== c.req.url) last = { url: c.req.url, body: render(new URL(c.req.url).origin) };
    return c.body(last.body, 200, headers);
  });
  return app;
}
