import { corsApplies } from '@heavy-rotation/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Env } from '../env.ts';
import { failureOf } from './errors.ts';
import type { Logger } from './logger.ts';
import { securityHeaders } from './security.ts';

/** The largest request body any route reads (JSON, a form): 16 kB. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Methods whose requests may carry a body. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The one request pipeline (docs/architecture.md, "The request path"): every request to the server passes
 * these middlewares, each once, in this order, before its route:
 *
 * 1. the request log (method, path, status, time; only when LOG_LEVEL lets info lines through);
 * 2. the security headers (`./security.ts`, Hono's `secureHeaders`): a page's or a data answer's;
 * 3. CORS (Hono's `cors`) on the paths the route table names (`corsApplies`);
 * 4. the body limit (Hono's `bodyLimit`) on methods that carry a body: 413 beyond 16 kB.
 *
 * Then the route's own guard (apikey, limits, caller) and handler. A failure anywhere becomes the answer
 * `failureOf` gives it; an unknown path a 404.
 */
export function usePipeline(app: Hono, env: Env, logger: Logger): void {
  app.onError((error, c) => {
    const failure = failureOf(error, c.req.path, logger);
    return c.json(failure.body, failure.status, failure.headers);
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  // Checked once: with request logs off (LOG_LEVEL warn and above) the middleware is not mounted. Path
  // only: query strings can carry ids and codes.
  if (logger.isLevelEnabled('info')) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const ms = Math.round(performance.now() - started);
      logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    });
  }
  app.use(securityHeaders(env));
  app.use(corsFor(env));
  // The rest of the body is not read: close the connection cleanly so the next request on it starts
  // fresh (behind a proxy, an innocent request would otherwise get a 502).
  const tooLarge = (c: Context) => c.json({ error: 'Request body too large' }, 413, { Connection: 'close' });
  app.on(BODY_METHODS, '*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }));
}

/**
 * CORS for the web app's origin when it is served from another one (WEB_ORIGIN, else PUBLIC_ORIGIN), on
 * the API and the configuration only: every other origin gets no CORS headers, and the browser refuses
 * to hand it the answer.
 */
function corsFor(env: Env): MiddlewareHandler {
  const webOrigin = env.WEB_ORIGIN ?? env.PUBLIC_ORIGIN;
  const allowed = webOrigin ? new URL(webOrigin).origin : undefined;
  const apiCors = cors({
    origin: (origin) => (allowed !== undefined && origin === allowed ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'accept',
      'accept-profile',
      'x-challenge-key',
    ],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
  return (c, next) => (corsApplies(c.req.path) ? apiCors(c, next) : next());
}
