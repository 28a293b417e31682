import { Hono } from 'hono';
import { adminAuthFromEnv } from './admin/auth.ts';
import { compactAfterErasure } from './admin/compact.ts';
import { pseudonymFromEnv } from './admin/pseudonym.ts';
import { adminRoutes } from './admin/routes.ts';
import { challengePageRoutes } from './challenges/page-routes.ts';
import { challengeRoutes } from './challenges/routes.ts';
import { clipsFromEnv } from './clips/resolver.ts';
import { clipRoutes } from './clips/routes.ts';
import { createKeyedHash } from './db/secrets.ts';
import type { AppDeps } from './deps.ts';
import { eventRoutes } from './events/routes.ts';
import { flagRoutes } from './flags/routes.ts';
import { mountMetrics } from './http/metrics.ts';
import { usePipeline } from './http/pipeline.ts';
import { limit, limitBy } from './http/rate-limit.ts';
import { productPictures } from './images/hosts.ts';
import { imageResolverFromEnv } from './images/resolver.ts';
import { artistImageRoutes } from './images/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { messageWriterFromEnv } from './messages/writer.ts';
import { profileReads, profileRoutes } from './profile/routes.ts';
import { authUserRoutes } from './profile/user-routes.ts';
import { sharedOf } from './shared.ts';
import { renderAppConfig } from './site/app-config.ts';
import { appConfigRoutes } from './site/app-config-routes.ts';
import { healthRoutes } from './site/health-routes.ts';
import { staticRoutes } from './site/static-routes.ts';
import { smsProviderFromEnv } from './sms/provider.ts';
import { smsRoutes } from './sms/routes.ts';
import { sourceRoutes } from './sources/routes.ts';
import { waitlistRoutes } from './waitlist/routes.ts';

/** The server's one Hono app: every request goes through it (docs/architecture.md, "The request path"). */
export type ServerApp = Hono;

/**
 * Runs the pipeline and mounts each domain's routes (docs/architecture.md, "The server's layout"). Each
 * domain reads its own variables from `env`; what domains share is built once, in `./shared.ts`.
 */
export function createApp(deps: AppDeps): ServerApp {
  const { env, database, logger, events, metrics } = deps;
  const shared = sharedOf(deps);
  const { db, now, origin, own, limits, ip, fetches, userAgent, lastfm, profiles, hashPhone } = shared;
  const { publicGuard, userGuard, guestGuard } = shared;
  const configJson = renderAppConfig(env, origin);
  const app = new Hono();
  usePipeline(app, env, logger, origin, metrics);
  mountMetrics(app, env, metrics);

  app.route('/', healthRoutes(database, deps.draining));
  app.route('/', appConfigRoutes(env, origin));
  const writer = messageWriterFromEnv(env, { db, now, fetch: fetches.llm, logger });
  app.route('/functions/v1', messageRoutes(writer, userGuard, guestGuard, shared.listeners.presented));
  const provider = smsProviderFromEnv(env, { fetch: fetches.sms });
  app.route(
    '/functions/v1',
    smsRoutes(env, {
      db,
      guard: userGuard,
      now,
      hashPhone,
      provider,
      limits: limits.sms,
      addressOf: ip,
      events,
      origin,
      hashCode: createKeyedHash(db, 'sms-code'),
      profiles,
    }),
  );
  app.route('/rest/v1', profileRoutes(profileReads(db, profiles), userGuard));
  app.route('/auth/v1', authUserRoutes(userGuard));
  app.route('/api/flags', flagRoutes(shared.flags, publicGuard));
  app.route(
    '/api/admin',
    adminRoutes(env, {
      db,
      mail: deps.mail,
      flags: shared.flags,
      hashPhone,
      now,
      auth: adminAuthFromEnv(env, { db, origin, own, now, addressOf: ip }),
      signInUrl: `${origin}/login`,
      signInGuard: limitBy(limits.adminSignIn, ip),
      forgetProfile: (id) => profiles.forget(id),
      challengeOwner: shared.ownerHash,
      pseudonym: pseudonymFromEnv(env, { sourceKeySecret: deps.sourceKeySecret }),
      // The embedded database keeps deleted rows in its files until rewritten (docs/operator.md).
      ...(database.kind === 'pglite' ? { compact: () => compactAfterErasure(db) } : {}),
    }),
  );
  app.route('/api/events', eventRoutes(events, publicGuard));
  app.route(
    '/',
    sourceRoutes(env, {
      db,
      changes: shared.changes,
      sessions: shared.sessions,
      listenbrainz: shared.listenbrainz,
      origin,
      own,
      now,
      ...(lastfm ? { lastfm } : {}),
      guard: publicGuard,
      signInLimit: limit(limits.sourceSignIn, ip),
    }),
  );
  const images = imageResolverFromEnv(env, {
    db,
    now,
    fetch: fetches.source,
    userAgent,
    perAddress: limits.imageLookups,
    overall: limits.imageLookupsAll,
  });
  app.route('/', artistImageRoutes(images, publicGuard, ip));
  app.route(
    '/api/challenges',
    challengeRoutes({
      db,
      limits,
      events,
      guard: publicGuard,
      ip,
      now,
      ownerHash: shared.ownerHash,
      listenerOf: shared.listeners.listenerOf,
      // What the product itself shows: Spotify's, Deezer's and Wikimedia's hosts, or where those are configured.
      pictureAllowed: productPictures([env.SPOTIFY_API_URL, env.DEEZER_API_URL, env.COMMONS_API_URL]),
    }),
  );
  const clips = clipsFromEnv(env, { db, now, fetch: fetches.source, userAgent });
  app.route('/', clipRoutes({ ...clips, guard: publicGuard, budget: limitBy(limits.clips, ip) }));
  app.route('/', waitlistRoutes(env, db, limitBy(limits.waitlist, ip)));
  app.route('/', challengePageRoutes(env, db, configJson, origin, now));
  app.route('/', staticRoutes(env, { configJson, lastfm: lastfm !== undefined }));
  return app;
}
