import { createKeyedHash } from './db/secrets.ts';
import type { AppDeps } from './deps.ts';
import { createFlagStore } from './flags/store.ts';
import { guard } from './http/guard.ts';
import { identityFromEnv, type UserEnv } from './http/identity.ts';
import { limitsFromEnv } from './http/limits.ts';
import { createListeners } from './http/listener.ts';
import { limit } from './http/rate-limit.ts';
import { originsFromEnv } from './http/same-origin.ts';
import { createProfileCache } from './profile/cache.ts';
import { createPhoneHasher } from './sms/suppression.ts';
import { lastfmFromEnv } from './sources/lastfm.ts';
import { listenbrainzFromEnv } from './sources/listenbrainz.ts';
import { sessionOf } from './sources/session-cookie.ts';
import { sessionStoreFromEnv } from './sources/sessions.ts';
import { observeUpstream } from './upstream/observed.ts';

/**
 * What more than one domain is handed (docs/architecture.md, "The server's layout"): the outside
 * services' fetches, counted; the origins; the named limits; who is calling and the guards built on it;
 * and the stores two domains share. Each module reads its own variables from `env`.
 */
export function sharedOf(deps: AppDeps) {
  const { env, database, now = Date.now, metrics } = deps;
  const { db } = database;
  // Every call to an outside service is counted by service and outcome (GET /metrics).
  const observed = observeUpstream(env, metrics.upstream);
  const sourceFetch = observed(deps.sourceFetch ?? fetch);
  const { origin, own } = originsFromEnv(env);
  const limits = limitsFromEnv(env, deps.counters, metrics);
  const ip = limits.addressOf;
  const { changes } = database;
  const sessions = sessionStoreFromEnv(env, {
    db,
    changes,
    now,
    sourceKeySecret: deps.sourceKeySecret,
  });
  const identity = identityFromEnv(env, {
    fetch: observed(deps.providerFetch ?? fetch),
    now,
    limitLookups: (address) => limits.identity.spend(address),
  });
  const listeners = createListeners({
    bearerUser: identity.bearerUser,
    sessionUser: async (c) => {
      const session = await sessionOf(c, sessions, origin);
      return session ? { id: session.userId, displayName: session.displayName, email: null } : undefined;
    },
    addressOf: ip,
    own,
  });
  const perIp = limit(limits.ip, ip);
  return {
    db,
    changes,
    now,
    origin,
    own,
    limits,
    ip,
    sessions,
    listeners,
    fetches: {
      source: sourceFetch,
      llm: observed(deps.llmFetch ?? fetch),
      sms: observed(deps.smsFetch ?? fetch),
    },
    // MusicBrainz asks each client to name itself and where its operator can be reached.
    userAgent: `HeavyRotation/1.0 ( ${origin} )`,
    lastfm: lastfmFromEnv(env, { fetch: sourceFetch }),
    listenbrainz: listenbrainzFromEnv(env, { fetch: sourceFetch }),
    publicGuard: guard(identity.apiKey, perIp),
    // Guests (a Spotify data export) have no identity: their message calls are limited per IP.
    guestGuard: guard(identity.apiKey, perIp, limit(limits.guest, ip)),
    // Cheap checks first: the provider is asked only for calls with the right apikey within the IP limit.
    userGuard: guard<UserEnv>(
      identity.apiKey,
      perIp,
      listeners.requireListener,
      limit(limits.user, (c) => c.get('user').id),
    ),
    profiles: createProfileCache(changes),
    hashPhone: createPhoneHasher(db),
    flags: createFlagStore(db, now),
    ownerHash: createKeyedHash(db, 'challenge-owner', 'base64url'),
  };
}
