import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import { cors } from 'hono/cors';
import type { AppDeps } from './deps.ts';
import { describeCause, HttpError } from './http/errors.ts';
import { createIdentity, type UserEnv } from './http/identity.ts';
import { clientIp, createRateLimiter, limitBy } from './http/rate-limit.ts';
import { securityHeaders } from './http/security.ts';
import { createMessageWriter } from './messages/writer.ts';
import { appConfigRoutes } from './routes/app-config.ts';
import { authUserRoutes } from './routes/auth-user.ts';
import { eventRoutes } from './routes/events.ts';
import { flagRoutes } from './routes/flags.ts';
import { healthRoutes } from './routes/health.ts';
import { messageRoutes } from './routes/messages.ts';
import { profileRoutes } from './routes/profile.ts';
import { createProfileCache } from './routes/profile-cache.ts';
import { smsRoutes } from './routes/sms.ts';
import { sessionOf, sourceRoutes } from './routes/sources.ts';
import { staticRoutes } from './routes/static.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { createLastfm } from './sources/lastfm.ts';
import { createListenbrainz } from './sources/listenbrainz.ts';
import { createSessionStore } from './sources/sessions.ts';

export type { Database } from './db/client.ts';
export type { Env } from './env.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const MAX_BODY_BYTES = 16 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_PATHS = ['/functions/*', '/rest/*', '/auth/*', '/api/*', '/app-config.json'];

export function createApp({
  env,
  database,
  logger,
  providerFetch,
  llmFetch,
  sourceFetch,
  now = Date.now,
}: AppDeps): Hono {
  const app = new Hono();
  const { db } = database;
  // Where the listener's browser reaches us: the configured origin, never one read from a request's Host.
  const origin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://${env.HOST}:${env.PORT}`;
  const own = [
    origin,
    ...[env.WEB_ORIGIN].filter((o): o is string => o !== undefined).map((o) => new URL(o).origin),
  ];
  const sessions = createSessionStore(db, now, env.SESSION_DAYS * 86_400_000);
  const sources = {
    lastfm:
      env.LASTFM_API_KEY && env.LASTFM_SHARED_SECRET
        ? createLastfm({
            apiKey: env.LASTFM_API_KEY,
            secret: env.LASTFM_SHARED_SECRET,
            authUrl: env.LASTFM_AUTH_URL,
            apiUrl: env.LASTFM_API_URL,
            timeoutMs: env.SOURCE_TIMEOUT_MS,
            fetch: sourceFetch ?? fetch,
          })
        : undefined,
    listenbrainz: createListenbrainz({
      apiUrl: env.LISTENBRAINZ_API_URL,
      timeoutMs: env.SOURCE_TIMEOUT_MS,
      fetch: sourceFetch ?? fetch,
    }),
  };
  const identity = createIdentity({
    apiUrl: env.SPOTIFY_API_URL,
    anonKey: env.PUBLIC_ANON_KEY,
    fetch: providerFetch ?? fetch,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    now,
    sessionUser: async (c) => {
      const session = await sessionOf(c, sessions, origin);
      return session ? { id: session.userId, displayName: session.displayName, email: null } : undefined;
    },
    ownOrigins: () => own,
  });
  const ip = (c: Parameters<MiddlewareHandler>[0]) => clientIp(c, env.TRUST_PROXY);
  const perIp = limitBy(createRateLimiter(env.RATE_LIMIT_IP_PER_MINUTE, 60_000, now), ip);
  const perUser = limitBy(
    createRateLimiter(env.RATE_LIMIT_USER_PER_MINUTE, 60_000, now),
    (c) => c.get('user').id,
  );
  const waitlistLimit = limitBy(createRateLimiter(env.RATE_LIMIT_WAITLIST_PER_HOUR, 3_600_000, now), ip);
  const publicGuard = every(identity.requireApiKey, perIp);
  // Cheap checks first: the provider is asked only for calls with the right apikey within the IP limit.
  const userGuard = every(
    identity.requireApiKey,
    perIp,
    identity.requireUser as MiddlewareHandler,
    perUser,
  ) as MiddlewareHandler<UserEnv>;
  const llm =
    env.LLM_BASE_URL && env.LLM_MODEL
      ? {
          baseUrl: env.LLM_BASE_URL,
          model: env.LLM_MODEL,
          apiKey: env.LLM_API_KEY,
          timeoutMs: env.LLM_TIMEOUT_MS,
          fetch: llmFetch ?? fetch,
          onFallback: (reason: string) =>
            logger.warn({ reason }, 'generator answer not used; templates stand in'),
        }
      : undefined;
  const writer = createMessageWriter({ db, llm, dailyCap: env.LLM_DAILY_CAP, now });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) {
        logger.warn(
          { status: error.status, path: c.req.path, cause: describeCause(error.cause) },
          error.message,
        );
      }
      return c.json(error.body, error.status, { 'Cache-Control': 'no-store', ...error.headers });
    }
    logger.error({ err: describeCause(error), path: c.req.path }, 'request failed');
    return c.json({ error: 'Internal server error' }, 500);
  });
  // Checked once: with request logs off (LOG_LEVEL warn and above) the timing middleware is not mounted.
  if (logger.isLevelEnabled('info')) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      const ms = Math.round(performance.now() - started);
      // Path only: query strings can carry ids and codes.
      logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    });
  }
  app.use(securityHeaders(env));
  const webOrigin = env.WEB_ORIGIN ?? env.PUBLIC_ORIGIN;
  const allowedOrigin = webOrigin ? new URL(webOrigin).origin : undefined;
  const apiCors = cors({
    origin: (origin) => (allowedOrigin && origin === allowedOrigin ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'accept', 'accept-profile'],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
  // Only a browser's cross-origin call carries Origin. Without it the CORS headers mean nothing, and
  // setting them before the handler runs makes every answer be rebuilt as a full Response.
  const corsWhenAsked: MiddlewareHandler = async (c, next) => {
    if (c.req.method === 'OPTIONS' || c.req.header('Origin') !== undefined) return apiCors(c, next);
    await next();
    c.res.headers.append('Vary', 'Origin');
  };
  for (const path of API_PATHS) app.use(path, corsWhenAsked);
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: 'Request body too large' }, 413),
  });
  // Only methods that carry a body: on GET, reading the body would build a full Request for nothing.
  app.use((c, next) => (BODY_METHODS.has(c.req.method) ? limitBody(c, next) : next()));

  app.route('/', healthRoutes(database));
  app.route('/', appConfigRoutes(env));
  app.route('/functions/v1', messageRoutes(writer, userGuard));
  // The embedded database has no other writer than this process, so its profile rows can be held in
  // memory; a shared PostgreSQL may be written by other instances, so every read goes to it.
  const profiles = database.kind === 'pglite' ? createProfileCache(now) : undefined;
  app.route('/functions/v1', smsRoutes(db, userGuard, now, env.SMS_WEBHOOK_SECRET, profiles));
  app.route('/rest/v1', profileRoutes(db, userGuard, profiles));
  app.route('/auth/v1', authUserRoutes(userGuard));
  app.route('/api/flags', flagRoutes(db, publicGuard, now, env.ADMIN_TOKEN));
  app.route('/api/events', eventRoutes(db, publicGuard));
  app.route('/', sourceRoutes({ db, sessions, ...sources, origin, own, guard: publicGuard, now }));
  app.route('/', waitlistRoutes(db, waitlistLimit, [env.PUBLIC_ORIGIN, env.WEB_ORIGIN]));
  app.route('/', staticRoutes(env.WEB_DIST ?? DEFAULT_WEB_DIST));
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return app;
}

export { type DatabaseOptions, openDatabase } from './db/client.ts';
export { type AppDeps, createDeps } from './deps.ts';
export { describeDefault, ENV_VARIABLES, readEnv } from './env.ts';
