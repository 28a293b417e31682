import { hash, timingSafeEqual } from 'node:crypto';
import { createClient, getCurrentUserProfile, SpotifyApiError } from '@heavy-rotation/spotify';
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { Env } from '../env.ts';
import { DeadlineError, withDeadline } from './deadline.ts';
import { HttpError } from './errors.ts';
import type { Check } from './guard.ts';

export type UserEnv = { Variables: { user: VerifiedUser } };

export interface VerifiedUser {
  id: string;
  displayName: string | null;
  email: string | null;
}

export interface IdentityOptions {
  apiUrl: string;
  anonKey: string;
  fetch: (input: URL, init: RequestInit) => Promise<Response>;
  timeoutMs: number;
  now?: () => number;
  /** Spends one of an address's lookups at the provider; refuses (429) once they are spent. */
  limitLookups?: (address: string) => Promise<void>;
}

const BEARER = /^Bearer ([\w.~+/=-]{1,2048})$/;

// A token Spotify revokes stays accepted here at most this long (docs/deploy.md, "What scales how").
const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;
// A token the provider refused is refused here, without asking again, this long
// (docs/decisions/020-abuse-limits.md, "Identity").
const REFUSED_MS = 60_000;
const DEFAULT_RETRY_AFTER = '5';
const profileSchema = z.object({
  id: z.string().min(1).max(256),
  display_name: z.string().nullish(),
  email: z.string().nullish(),
});

/**
 * Whether a failed profile lookup means Spotify is unavailable (no answer, a timeout, a 5xx, a 429, or an
 * answer that is not a profile) rather than a refusal of the token.
 */
function providerUnavailable(error: unknown): boolean {
  if (error instanceof SpotifyApiError) return error.status === 429 || error.status >= 500;
  if (error instanceof DeadlineError || error instanceof z.ZodError) return true;
  // fetch rejects with a TypeError when there is no answer, and with these names on a timeout or abort.
  return (
    error instanceof TypeError ||
    (error instanceof Error && ['TimeoutError', 'AbortError'].includes(error.name))
  );
}

/** The server's one constant-time compare of a secret: a length that differs tells nothing usable. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The apikey check for every API call, and the caller check for user-scoped ones (docs/decisions/003-caller-identity.md). */
export function createIdentity(options: IdentityOptions) {
  const now = options.now ?? Date.now;
  // Keyed by the token's SHA-256 (see `bearerUser`); the token and the caller's address ride along as the
  // fetch's context. A token asked for by several calls at once is looked up once.
  const cache = new LRUCache<string, VerifiedUser, { token: string; address: string }>({
    max: CACHE_MAX,
    ttl: CACHE_MS,
    // The given clock, read on every look (tests move it by hand).
    perf: { now },
    ttlResolution: 0,
    fetchMethod: (key, _stale, { context }) => verify(key, context.token, context.address),
  });
  // Keyed by the token's SHA-256 as well: the refusal the provider gave.
  const refused = new LRUCache<string, HttpError>({ max: CACHE_MAX, ttl: REFUSED_MS });

  async function lookUp(token: string): Promise<VerifiedUser> {
    const client = createClient({
      baseUrl: options.apiUrl,
      getAccessToken: () => token,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      // The caller retries after our 503; waiting here would only hold the request open.
      retry: { limit: 0 },
    });
    try {
      // Our own deadline as well: an injected fetch may not honour the abort signal.
      const profile = profileSchema.parse(
        await withDeadline(getCurrentUserProfile(client), options.timeoutMs),
      );
      return { id: profile.id, displayName: profile.display_name ?? null, email: profile.email ?? null };
    } catch (error) {
      if (!providerUnavailable(error)) {
        // Spotify answered and refused the token (or the user, 403 when not allow-listed).
        if (error instanceof SpotifyApiError) {
          throw new HttpError(error.status === 403 ? 403 : 401, 'Spotify user not found', {}, undefined, {
            cause: error,
            // Not allow-listed (403) is no sign-in to end.
            ...(error.status === 403 ? {} : { code: 'signed-out' as const }),
          });
        }
        throw error;
      }
      const wait = error instanceof SpotifyApiError ? error.retryAfter : undefined;
      const seconds =
        wait !== undefined && Number.isInteger(wait) && wait >= 0 && wait < 86_400
          ? String(Math.max(1, wait))
          : DEFAULT_RETRY_AFTER;
      // Never treat an unreachable provider as "signed in" nor as "signed out".
      throw new HttpError(
        503,
        'Spotify is unavailable, try again shortly',
        { 'Retry-After': seconds },
        undefined,
        { cause: error, code: 'unavailable' },
      );
    }
  }

  // A fetch settles with the looked-up listener or rejects: never with nothing.
  const found = (user: VerifiedUser | undefined): VerifiedUser => {
    if (!user) throw new HttpError(401, 'Spotify user not found', {}, undefined, { code: 'signed-out' });
    return user;
  };
  /** Refuses a call without the apikey every API call carries. */
  const apiKey: Check = (c) => {
    if (!sameSecret(c.req.header('apikey'), options.anonKey)) throw new HttpError(401, 'Invalid API key');
  };

  /** One lookup at the provider, within the caller's address's budget; a refusal is remembered. */
  function verify(key: string, token: string, address: string): Promise<VerifiedUser> {
    const spend = options.limitLookups ? options.limitLookups(address) : Promise.resolve();
    return spend
      .then(() => lookUp(token))
      .catch((error: unknown) => {
        if (error instanceof HttpError && (error.status === 401 || error.status === 403))
          refused.set(key, error);
        throw error;
      });
  }

  /**
   * The listener an `Authorization: Bearer` header names, Spotify vouching for the token: at once from
   * the cache when it did within the last minute, else a promise of Spotify's answer.
   */
  function bearerUser(
    header: string,
    /** The caller's address key: lookups at the provider are limited per address. */
    address: string,
  ): VerifiedUser | Promise<VerifiedUser> {
    const token = BEARER.exec(header)?.[1];
    if (!token || token === options.anonKey)
      throw new HttpError(401, 'Spotify user not found', {}, undefined, { code: 'signed-out' });
    // Keyed by the token's SHA-256 so the token itself is never kept.
    const key = hash('sha256', token, 'base64');
    const cached = cache.get(key);
    if (cached) return cached;
    const refusal = refused.get(key);
    if (refusal) throw refusal;
    return cache.fetch(key, { context: { token, address } }).then(found);
  }

  return { apiKey, bearerUser };
}

/** The caller check against the provider named by SPOTIFY_API_URL, for calls carrying PUBLIC_ANON_KEY. */
export function identityFromEnv(
  env: Pick<Env, 'SPOTIFY_API_URL' | 'PUBLIC_ANON_KEY' | 'PROVIDER_TIMEOUT_MS'>,
  shared: Omit<IdentityOptions, 'apiUrl' | 'anonKey' | 'timeoutMs'>,
): ReturnType<typeof createIdentity> {
  return createIdentity({
    ...shared,
    apiUrl: env.SPOTIFY_API_URL,
    anonKey: env.PUBLIC_ANON_KEY,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
  });
}
