import { Hono } from 'hono';
import { type ConfigEnv, renderAppConfig } from './app-config.ts';

/** GET /app-config.json: the configuration, for pages without it written in (the service worker's shell). */
export function appConfigRoutes(env: ConfigEnv, origin: string): Hono {
  const app = new Hono();
  const body = renderAppConfig(env, origin);
  const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' };
  app.get('/app-config.json', (c) => c.body(body, 200, headers));
  return app;
}
