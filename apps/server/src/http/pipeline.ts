import { corsApplies } from '@heavy-rotation/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { routePath } from 'hono/route';
import type { Env } from '../env.ts';
import { failureOf } from './errors.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { securityHeaders } from './security.ts';

/** The largest request body any route reads (JSON, a form): 16 kB. */
const MAX_BODY_BYTES = 16 * 1024;

/** Methods whose requests may carry a body. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The one request pipeline (docs/architecture.md, "The request path"): every request to the server passes
 * these middlewares, each once, in this order, before its route:
 *
 * 1. the request's time in the metrics, under its route's pattern (`./metrics.ts`);
 * 2. the request log (method, path, status, time; only when LOG_LEVEL lets info lines through);
 * 3. the security headers (`./security.ts`, Hono's `secureHeaders`): a page's or a data answer's;
 * 4. `Cache-Control: no-store` on every answer whose route gives no cache policy of its own (`noStore`);
 * 5. CORS (Hono's `cors`) on the paths the route table names (`corsApplies`);
 * 6. the body limit (Hono's `bodyLimit`) on methods that carry a body: 413 beyond 16 kB.
 *
 * Then the route's own guard (apikey, limits, caller) and handler. A failure anywhere becomes the answer
 * `failureOf` gives it; an unknown path a 404.
 */
export function usePipeline(
  app: Hono,
  env: Env,
  logger: Logger,
  selfOrigin: string,
  metrics: Pick<Metrics, 'timing'>,
): void {
  app.onError((error, c) => {
    // The route's pattern here too: a failure's log line holds no id from the path.
    const failure = failureOf(error, routePath(c), logger);
    return c.json(failure.body, failure.status, failure.headers);
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.use(metrics.timing());
  // Checked once: with request logs off (LOG_LEVEL warn and above) the middleware is not mounted. The
  // route's pattern, never the path: paths carry challenge links, clip plays and listeners' ids, and query
  // strings codes (docs/decisions/020-abuse-limits.md, "Ids out of the logs").
  if (logger.isLevelEnabled('info')) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const ms = Math.round(performance.now() - started);
      logger.info({ method: c.req.method, path: routePath(c), status: c.res.status, ms }, 'request');
    });
  }
  app.use(securityHeaders(env));
  app.use(noStore);
  app.use(corsFor(env, selfOrigin));
  app.on(BODY_METHODS, '*', limitBody());
}

/**
 * No cache keeps an answer unless its route says how: data answers and failures are a listener's own or
 * of this moment, so they are set here once, and only the routes with another policy set theirs (the
 * built files, the configuration, a flag, an artist picture).
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * 413 for a body over MAX_BODY_BYTES. A request with a Content-Length (and no chunked encoding) carries
 * exactly that many bytes, which Node's HTTP parser enforces: the header decides, as Hono's `bodyLimit`
 * decides too, but without reading `c.req.raw.body` first, which makes the Node adapter build a whole
 * Fetch Request and stream around the body on every call (a seventh of a success line's time, profiled).
 * A chunked body is counted by Hono's `bodyLimit` as it arrives.
 */
function limitBody(): MiddlewareHandler {
  // The rest of the body is not read: close the connection cleanly so the next request on it starts
  // fresh (behind a proxy, an innocent request would otherwise get a 502).
  const tooLarge = (c: Context) => c.json({ error: 'Request body too large' }, 413, { Connection: 'close' });
  const counted = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header('Content-Length');
    if (length === undefined || c.req.header('Transfer-Encoding') !== undefined) return counted(c, next);
    if (!/^\d{1,15}$/.test(length)) return Promise.resolve(c.json({ error: 'Bad Content-Length' }, 400));
    return Number(length) > MAX_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
  };
}

/**
 * CORS for the web app's origin when it is served from another one (WEB_ORIGIN, else PUBLIC_ORIGIN), on
 * the API and the configuration only: every other origin gets no CORS headers, and the browser refuses
 * to hand it the answer. A call from the origin this server serves its pages on (`selfOrigin`) is no
 * cross-origin call, and one without Origin none from a browser page: Hono's `cors` is run for the others
 * and for preflights. Every answer
 * on those paths says it depends on Origin, so no cache hands one origin's answer to another.
 */
function corsFor(env: Env, selfOrigin: string): MiddlewareHandler {
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
  return (c, next) => {
    if (!corsApplies(c.req.path)) return next();
    const origin = c.req.header('Origin');
    if (c.req.method === 'OPTIONS' || (origin !== undefined && origin !== selfOrigin))
      return apiCors(c, next);
    c.header('Vary', 'Origin');
    return next();
  };
}
