import { Hono } from 'hono';
import { adminAuthFromEnv } from './admin/auth.ts';
import { compactAfterErasure } from './admin/compact.ts';
import { pseudonymFromEnv } from './admin/pseudonym.ts';
import { adminRoutes } from './admin/routes.ts';
import { createPhoneHasher } from './admin/subscribers.ts';
import { clipsFromEnv } from './clips/resolver.ts';
import { createKeyedHash } from './db/secrets.ts';
import type { AppDeps } from './deps.ts';
import { eventRoutes } from './events/routes.ts';
import { guard } from './http/guard.ts';
import { identityFromEnv, type UserEnv } from './http/identity.ts';
import { limitsFromEnv } from './http/limits.ts';
import { mountMetrics } from './http/metrics.ts';
import { usePipeline } from './http/pipeline.ts';
import { limit, limitBy } from './http/rate-limit.ts';
import { originsFromEnv, requireSameOrigin } from './http/same-origin.ts';
import { productPictures } from './images/hosts.ts';
import { imageResolverFromEnv } from './images/resolver.ts';
import { messageWriterFromEnv } from './messages/writer.ts';
import { appConfigRoutes, renderAppConfig } from './routes/app-config.ts';
import { artistImageRoutes } from './routes/artist-images.ts';
import { authUserRoutes } from './routes/auth-user.ts';
import { challengePageRoutes } from './routes/challenge-page.ts';
import { challengeRoutes, createOwnerHasher } from './routes/challenges.ts';
import { clipRoutes } from './routes/clips.ts';
import { createFlagStore, flagRoutes } from './routes/flags.ts';
import { healthRoutes } from './routes/health.ts';
import { messageRoutes } from './routes/messages.ts';
import { profileReads, profileRoutes } from './routes/profile.ts';
import { createProfileCache } from './routes/profile-cache.ts';
import { smsRoutes } from './routes/sms.ts';
import { sessionOf, sourceRoutes } from './routes/sources.ts';
import { staticRoutes } from './routes/static.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { smsProviderFromEnv } from './sms/provider.ts';
import { lastfmFromEnv } from './sources/lastfm.ts';
import { listenbrainzFromEnv } from './sources/listenbrainz.ts';
import { sessionStoreFromEnv } from './sources/sessions.ts';
import { observeUpstream } from './upstream/observed.ts';

/** The server's one Hono app: every request goes through it (docs/architecture.md, "The request path"). */
export type ServerApp = Hono;

/**
 * Builds the modules and mounts their routes. Each module reads its own variables from `env` (its
 * `…FromEnv(env, shared)` or its routes' `env` argument); what they share is handed to them here.
 */
export function createApp({
  env,
  database,
  logger,
  providerFetch: providerFetchOf = fetch,
  llmFetch: llmFetchOf = fetch,
  sourceFetch: sourceFetchOf = fetch,
  smsFetch: smsFetchOf = fetch,
  draining,
  mail,
  sourceKeySecret,
  counters,
  events,
  metrics,
  now = Date.now,
}: AppDeps): ServerApp {
  const app = new Hono();
  // Every call to an outside service is counted by service and outcome (GET /metrics).
  const observed = observeUpstream(env, metrics.upstream);
  const providerFetch = observed(providerFetchOf);
  const llmFetch = observed(llmFetchOf);
  const sourceFetch = observed(sourceFetchOf);
  const smsFetch = observed(smsFetchOf);
  const { db } = database;
  const { origin, own } = originsFromEnv(env);
  // MusicBrainz asks each client to name itself and where its operator can be reached.
  const userAgent = `HeavyRotation/1.0 ( ${origin} )`;
  const limits = limitsFromEnv(env, counters, metrics);
  const ip = limits.addressOf;
  const sessions = sessionStoreFromEnv(env, { db, now, sourceKeySecret });
  const lastfm = lastfmFromEnv(env, { fetch: sourceFetch });
  const listenbrainz = listenbrainzFromEnv(env, { fetch: sourceFetch });
  const identity = identityFromEnv(env, {
    fetch: providerFetch,
    now,
    sessionUser: async (c) => {
      const session = await sessionOf(c, sessions, origin);
      return session ? { id: session.userId, displayName: session.displayName, email: null } : undefined;
    },
    ownOrigins: () => own,
    addressOf: ip,
    limitLookups: (address) => limits.identity.spend(address),
  });
  const perIp = limit(limits.ip, ip);
  const publicGuard = guard(identity.apiKey, perIp);
  // Guests (a Spotify data export) have no identity: their message calls are limited per IP.
  const guestGuard = guard(identity.apiKey, perIp, limit(limits.guest, ip));
  // Cheap checks first: the provider is asked only for calls with the right apikey within the IP limit.
  const userGuard = guard<UserEnv>(
    identity.apiKey,
    perIp,
    identity.user,
    limit(limits.user, (c) => c.get('user').id),
  );
  // The embedded database has no other writer than this process, so its profile rows can be held in
  // memory; a shared PostgreSQL may be written by other instances, so every read goes to it.
  const profiles = database.kind === 'pglite' ? createProfileCache(now) : undefined;
  const hashPhone = createPhoneHasher(db);
  const flags = createFlagStore(db, now);
  const ownerHash = createOwnerHasher(db);
  const configJson = renderAppConfig(env, origin);
  const clips = clipsFromEnv(env, { db, now, fetch: sourceFetch, userAgent });

  usePipeline(app, env, logger, origin, metrics);
  mountMetrics(app, env, metrics);

  app.route('/', healthRoutes(database, draining));
  app.route('/', appConfigRoutes(env, origin));
  app.route(
    '/functions/v1',
    messageRoutes(messageWriterFromEnv(env, { db, now, fetch: llmFetch, logger }), userGuard, guestGuard),
  );
  app.route(
    '/functions/v1',
    smsRoutes(env, {
      db,
      guard: userGuard,
      now,
      hashPhone,
      hashCode: createKeyedHash(db, 'sms-code'),
      provider: smsProviderFromEnv(env, { fetch: smsFetch }),
      limits: limits.sms,
      addressOf: ip,
      events,
      origin,
      ...(profiles ? { profiles } : {}),
    }),
  );
  app.route('/rest/v1', profileRoutes(profileReads(db, profiles), userGuard));
  app.route('/auth/v1', authUserRoutes(userGuard));
  app.route('/api/flags', flagRoutes(flags, publicGuard));
  app.route(
    '/api/admin',
    adminRoutes(env, {
      db,
      auth: adminAuthFromEnv(env, { db, origin, own, now, addressOf: ip }),
      mail,
      flags,
      hashPhone,
      signInUrl: `${origin}/login`,
      signInGuard: limitBy(limits.adminSignIn, ip),
      forgetProfile: (id) => profiles?.forget(id),
      challengeOwner: ownerHash,
      pseudonym: pseudonymFromEnv(env, { sourceKeySecret }),
      // The embedded database keeps deleted rows in its files until rewritten (docs/operator.md).
      ...(database.kind === 'pglite' ? { compact: () => compactAfterErasure(db) } : {}),
      now,
    }),
  );
  app.route('/api/events', eventRoutes(events, publicGuard));
  app.route(
    '/',
    sourceRoutes(env, {
      db,
      sessions,
      ...(lastfm ? { lastfm } : {}),
      listenbrainz,
      origin,
      own,
      guard: publicGuard,
      now,
      signInLimit: limit(limits.sourceSignIn, ip),
    }),
  );
  app.route(
    '/',
    artistImageRoutes(
      imageResolverFromEnv(env, {
        db,
        now,
        fetch: sourceFetch,
        userAgent,
        perAddress: limits.imageLookups,
        overall: limits.imageLookupsAll,
      }),
      publicGuard,
      ip,
    ),
  );
  app.route(
    '/api/challenges',
    challengeRoutes({
      db,
      limits,
      events,
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
      // What the product itself shows: Spotify's, Deezer's and Wikimedia's hosts, or where those are configured.
      pictureAllowed: productPictures([env.SPOTIFY_API_URL, env.DEEZER_API_URL, env.COMMONS_API_URL]),
      now,
    }),
  );
  app.route(
    '/',
    clipRoutes({
      resolver: clips.resolver,
      previews: clips.previews,
      guard: publicGuard,
      budget: limitBy(limits.clips, ip),
    }),
  );
  app.route('/', waitlistRoutes(env, db, limitBy(limits.waitlist, ip)));
  app.route('/', challengePageRoutes(env, db, configJson, origin, now));
  app.route('/', staticRoutes(env, { configJson, lastfm: lastfm !== undefined }));
  return app;
}
