import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { createAdminAuth } from './admin/auth.ts';
import { createMailQueue } from './admin/mail.ts';
import { adminRoutes } from './admin/routes.ts';
import { createPhoneHasher } from './admin/subscribers.ts';
import { createClipResolver } from './clips/resolver.ts';
import { createClipSources } from './clips/upstream.ts';
import { createKeyedHash } from './db/secrets.ts';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http/errors.ts';
import { guard } from './http/guard.ts';
import { createIdentity, type UserEnv } from './http/identity.ts';
import { usePipeline } from './http/pipeline.ts';
import {
  addressKey,
  clientIp,
  createRateLimiter,
  limit,
  limitBy,
  parseTrustProxy,
} from './http/rate-limit.ts';
import { requireSameOrigin } from './http/same-origin.ts';
import { createImageResolver } from './images/resolver.ts';
import { createImageSources } from './images/upstream.ts';
import { createMessageWriter } from './messages/writer.ts';
import { appConfigRoutes, renderAppConfig } from './routes/app-config.ts';
import { artistImageRoutes } from './routes/artist-images.ts';
import { authUserRoutes } from './routes/auth-user.ts';
import { challengePageRoutes } from './routes/challenge-page.ts';
import { challengeRoutes, createOwnerHasher } from './routes/challenges.ts';
import { clipRoutes } from './routes/clips.ts';
import { eventRoutes } from './routes/events.ts';
import { createFlagStore, flagRoutes } from './routes/flags.ts';
import { healthRoutes } from './routes/health.ts';
import { messageRoutes } from './routes/messages.ts';
import { profileReads, profileRoutes } from './routes/profile.ts';
import { createProfileCache } from './routes/profile-cache.ts';
import { smsRoutes } from './routes/sms.ts';
import { sessionOf, sourceRoutes } from './routes/sources.ts';
import { staticRoutes } from './routes/static.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { createSmsProvider } from './sms/provider.ts';
import { createKeyBox } from './sources/key-box.ts';
import { createLastfm } from './sources/lastfm.ts';
import { createListenbrainz } from './sources/listenbrainz.ts';
import { createSessionStore } from './sources/sessions.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Codes texted per listener, and per number, per hour (docs/decisions/032-sms-double-opt-in.md). */
const SMS_CODES_PER_HOUR = 5;
/** Wrong tokens a client IP may try per minute at the console's sign-in. */
const ADMIN_SIGN_INS_PER_MINUTE = 10;

/**
 * Where listeners' browsers reach this server: PUBLIC_ORIGIN, else the address it listens on (a wildcard
 * address read as loopback, for a laptop). Never taken from a request.
 */
function publicOrigin(env: AppDeps['env']): string {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

/** The server's one Hono app: every request goes through it (docs/architecture.md, "The request path"). */
export type ServerApp = Hono;

export function createApp({
  env,
  database,
  logger,
  providerFetch,
  llmFetch,
  sourceFetch,
  smsFetch,
  draining,
  mailWorker = false,
  mailPollMs = 5_000,
  sourceKeySecret,
  now = Date.now,
}: AppDeps): ServerApp {
  const app = new Hono();
  const { db } = database;
  // Where the listener's browser reaches us: the configured origin, never one read from a request's Host.
  const origin = publicOrigin(env);
  const own = [
    origin,
    ...[env.WEB_ORIGIN].filter((o): o is string => o !== undefined).map((o) => new URL(o).origin),
  ];
  const keySecret = env.SOURCE_KEY_SECRET ?? sourceKeySecret;
  if (!keySecret) throw new Error('Invalid configuration: SOURCE_KEY_SECRET is not set');
  const sessions = createSessionStore(db, now, env.SESSION_DAYS * 86_400_000, createKeyBox(keySecret));
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
    // Both read at request time, once everything below is set up.
    addressOf: (c) => ip(c),
    limitLookups: (address) => identityLimiter.spend(address),
  });
  // Checked when the environment was read: a bad value never gets this far.
  const proxies = parseTrustProxy(env.TRUST_PROXY);
  const trustedProxies = typeof proxies === 'string' ? { hops: 0 } : proxies;
  // Per-address limits key IPv6 clients by their network (docs/decisions/020-abuse-limits.md).
  const ip = (c: Parameters<MiddlewareHandler>[0]) =>
    addressKey(clientIp(c, trustedProxies), env.RATE_LIMIT_IPV6_PREFIX);
  const limits = { ...database, memoryKeys: env.RATE_LIMIT_MEMORY_KEYS };
  const imageLookupsPerAddress = createRateLimiter(
    'image-lookups',
    env.IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE,
    60_000,
    limits,
  );
  const imageLookupsOverall = createRateLimiter(
    'image-lookups-all',
    env.IMAGE_LOOKUPS_PER_MINUTE,
    60_000,
    limits,
  );
  const identityLimiter = createRateLimiter('identity', env.RATE_LIMIT_IDENTITY_PER_MINUTE, 60_000, limits);
  const ipLimiter = createRateLimiter('ip', env.RATE_LIMIT_IP_PER_MINUTE, 60_000, limits);
  const userLimiter = createRateLimiter('user', env.RATE_LIMIT_USER_PER_MINUTE, 60_000, limits);
  const perIp = limit(ipLimiter, ip);
  const perUser = limit(userLimiter, (c) => c.get('user').id);
  const waitlistLimit = limitBy(
    createRateLimiter('waitlist', env.RATE_LIMIT_WAITLIST_PER_HOUR, 3_600_000, limits),
    ip,
  );
  const publicGuard = guard(identity.apiKey, perIp);
  // Guests (a Spotify data export) have no identity: their message calls are limited per IP.
  const guestGuard = guard(
    identity.apiKey,
    perIp,
    limit(createRateLimiter('guest', env.RATE_LIMIT_GUEST_PER_MINUTE, 60_000, limits), ip),
  );
  // Cheap checks first: the provider is asked only for calls with the right apikey within the IP limit.
  const userGuard = guard<UserEnv>(identity.apiKey, perIp, identity.user, perUser);
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
  const images = createImageResolver({
    db,
    sources: createImageSources({
      urls: {
        deezer: env.DEEZER_API_URL,
        musicbrainz: env.MUSICBRAINZ_API_URL,
        wikidata: env.WIKIDATA_API_URL,
        commons: env.COMMONS_API_URL,
      },
      timeoutMs: env.SOURCE_TIMEOUT_MS,
      fetch: sourceFetch ?? fetch,
      // MusicBrainz asks each client to name itself and where its operator can be reached.
      userAgent: `HeavyRotation/1.0 ( ${origin} )`,
    }),
    now,
    musicbrainzBudgetMs: env.IMAGE_WAIT_MS,
    lookupsPerRequest: env.IMAGE_LOOKUPS_PER_REQUEST,
    // The caller's budget, then everybody's (docs/decisions/020-abuse-limits.md, "Artist images").
    spendLookup: (address) =>
      imageLookupsPerAddress
        .spend(address)
        .then(() => imageLookupsOverall.spend('all'))
        .then(
          () => true,
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 429) return false;
            throw error;
          },
        ),
  });

  usePipeline(app, env, logger, origin);

  app.route('/', healthRoutes(database, draining));
  app.route('/', appConfigRoutes(env, origin));
  app.route('/functions/v1', messageRoutes(writer, userGuard, guestGuard));
  // The embedded database has no other writer than this process, so its profile rows can be held in
  // memory; a shared PostgreSQL may be written by other instances, so every read goes to it.
  const hashPhone = createPhoneHasher(db);
  const profiles = database.kind === 'pglite' ? createProfileCache(now) : undefined;
  const smsProvider =
    env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
      ? createSmsProvider({
          apiUrl: env.SMS_API_URL,
          accountSid: env.SMS_ACCOUNT_SID,
          authToken: env.SMS_AUTH_TOKEN,
          from: env.SMS_FROM,
          timeoutMs: env.PROVIDER_TIMEOUT_MS,
          fetch: smsFetch ?? fetch,
        })
      : undefined;
  app.route(
    '/functions/v1',
    smsRoutes({
      db,
      guard: userGuard,
      now,
      hashPhone,
      hashCode: createKeyedHash(db, 'sms-code'),
      provider: smsProvider,
      sendsPerListener: createRateLimiter('sms-user', SMS_CODES_PER_HOUR, 3_600_000, limits),
      sendsPerNumber: createRateLimiter('sms-number', SMS_CODES_PER_HOUR, 3_600_000, limits),
      origin,
      productName: env.PRODUCT_NAME,
      ...(profiles ? { profiles } : {}),
    }),
  );
  const profileReader = profileReads(db, profiles);
  app.route('/rest/v1', profileRoutes(profileReader, userGuard));
  app.route('/auth/v1', authUserRoutes(userGuard));
  const flags = createFlagStore(db, now);
  const ownerHash = createOwnerHasher(db);
  const auditKey = createKeyedHash(db, 'audit-pseudonym');
  const auditPseudonym = async (text: string) => `p-${(await auditKey(text)).slice(0, 16)}`;
  const adminAuth = createAdminAuth({
    db,
    adminToken: env.ADMIN_TOKEN,
    sessionMs: env.ADMIN_SESSION_HOURS * 3_600_000,
    origin,
    own,
    now,
    addressOf: ip,
  });
  app.route('/api/flags', flagRoutes(flags, publicGuard));
  const mail = createMailQueue({
    db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    now,
    logger,
    retryBaseMs: env.MAIL_RETRY_SECONDS * 1000,
  });
  // The server process sends what is due every few seconds (and after each invite); tests drive it.
  if (mailWorker) mail.start(mailPollMs, () => draining?.() ?? false);
  app.route(
    '/api/admin',
    adminRoutes({
      db,
      auth: adminAuth,
      enabled: env.ADMIN_TOKEN !== undefined,
      mail,
      smtp: env.SMTP_URL !== undefined,
      flags,
      hashPhone,
      signInUrl: `${origin}/login`,
      signInGuard: limitBy(createRateLimiter('admin', ADMIN_SIGN_INS_PER_MINUTE, 60_000, limits), ip),
      forgetProfile: (id) => profiles?.forget(id),
      challengeOwner: ownerHash,
      pseudonym: auditPseudonym,
      now,
    }),
  );
  app.route('/api/events', eventRoutes(db, publicGuard));
  app.route(
    '/',
    sourceRoutes({
      db,
      sessions,
      ...sources,
      origin,
      own,
      guard: publicGuard,
      now,
      cacheMs: env.SOURCE_CACHE_SECONDS * 1000,
      lastfmSecret: env.LASTFM_SHARED_SECRET,
      signInLimit: limit(
        createRateLimiter('source-sign-in', env.RATE_LIMIT_SIGN_IN_PER_MINUTE, 60_000, limits),
        ip,
      ),
    }),
  );
  app.route('/', artistImageRoutes(images, publicGuard, ip));
  app.route(
    '/api/challenges',
    challengeRoutes({
      database: limits,
      guard: publicGuard,
      ip,
      // A signed-in listener's links are counted against them; an export guest's only per address.
      listenerOf: async (c) => {
        const header = c.req.header('Authorization');
        if (header !== undefined) return (await identity.bearerUser(header)).id;
        const session = await sessionOf(c, sessions, origin);
        if (!session) return undefined;
        requireSameOrigin(c, own);
        return session.userId;
      },
      ownerHash,
      now,
    }),
  );
  const clipSources = createClipSources({
    urls: { deezer: env.DEEZER_API_URL, itunes: env.ITUNES_API_URL },
    timeoutMs: env.SOURCE_TIMEOUT_MS,
    fetch: sourceFetch ?? fetch,
    userAgent: `HeavyRotation/1.0 ( ${origin} )`,
    maxBytes: env.CLIP_MAX_BYTES,
  });
  app.route(
    '/',
    clipRoutes({
      resolver: createClipResolver({ db, sources: clipSources, now, waitMs: env.CLIP_WAIT_MS }),
      sources: clipSources,
      guard: publicGuard,
      budget: limitBy(createRateLimiter('clips', env.RATE_LIMIT_CLIPS_PER_HOUR, 3_600_000, limits), ip),
    }),
  );
  app.route('/', waitlistRoutes(db, waitlistLimit, [env.PUBLIC_ORIGIN, env.WEB_ORIGIN]));
  app.route(
    '/',
    challengePageRoutes(db, env.WEB_DIST ?? DEFAULT_WEB_DIST, renderAppConfig(env, origin), origin, now),
  );
  app.route(
    '/',
    staticRoutes(env.WEB_DIST ?? DEFAULT_WEB_DIST, {
      configJson: renderAppConfig(env, origin),
      lastfm: sources.lastfm !== undefined,
    }),
  );
  return app;
}
