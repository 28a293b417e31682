import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { HttpError } from './errors.ts';

/**
 * Refuses a state-changing call from another site: by `Origin` when the browser sends it, and by Fetch
 * Metadata (`Sec-Fetch-Site`). Calls that carry our cookies need this; a bearer token cannot ride along.
 */
export function requireSameOrigin(c: Context, own: string[]): void {
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  if (
    (origin !== undefined && !own.includes(origin)) ||
    (site !== undefined && !['same-origin', 'none'].includes(site))
  ) {
    throw new HttpError(403, 'Cross-site requests are not accepted');
  }
}

/**
 * Where listeners' browsers reach this server (`origin`): PUBLIC_ORIGIN, else the address it listens on (a
 * wildcard address read as loopback, for a laptop); never taken from a request. `own`: the origins that
 * may make state-changing calls with our cookies, that one and WEB_ORIGIN.
 */
export function originsFromEnv(env: Pick<Env, 'PUBLIC_ORIGIN' | 'WEB_ORIGIN' | 'HOST' | 'PORT'>): {
  origin: string;
  own: string[];
} {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const origin = env.PUBLIC_ORIGIN
    ? new URL(env.PUBLIC_ORIGIN).origin
    : `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
  return { origin, own: [origin, ...(env.WEB_ORIGIN ? [new URL(env.WEB_ORIGIN).origin] : [])] };
}
