import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { addressKey, clientIp, parseTrustProxy } from './client-address.ts';
import type { Counters } from './counters.ts';
import type { Metrics } from './metrics.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';

/** Codes texted per listener, and per number, per hour (docs/decisions/032-sms-double-opt-in.md). */
const SMS_CODES_PER_HOUR = 5;
/** Wrong tokens a client IP may try per minute at the console's sign-in. */
const ADMIN_SIGN_INS_PER_MINUTE = 10;
/** Challenge links made per address and per listener per hour (docs/decisions/027-challenge-links.md). */
const CHALLENGES_PER_HOUR = 10;
/** Guesses per address per hour at challenge links, and plays of a link's clues. */
const CHALLENGE_GUESSES_PER_HOUR = 200;
const CHALLENGE_PLAYS_PER_HOUR = 10;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * The app's named limits, every one of them (docs/decisions/020-abuse-limits.md, "The numbers"), and the
 * client address they count by.
 */
export interface Limits {
  /** The caller's address key: its IP behind TRUST_PROXY, an IPv6 client by its network. */
  addressOf: (c: Context) => string;
  identity: RateLimiter;
  ip: RateLimiter;
  user: RateLimiter;
  guest: RateLimiter;
  waitlist: RateLimiter;
  sourceSignIn: RateLimiter;
  clips: RateLimiter;
  imageLookups: RateLimiter;
  imageLookupsAll: RateLimiter;
  smsPerListener: RateLimiter;
  smsPerNumber: RateLimiter;
  adminSignIn: RateLimiter;
  challengesPerAddress: RateLimiter;
  challengesPerListener: RateLimiter;
  challengeGuesses: RateLimiter;
  challengePlays: RateLimiter;
}

export function limitsFromEnv(
  env: Pick<
    Env,
    | 'TRUST_PROXY'
    | 'RATE_LIMIT_IPV6_PREFIX'
    | 'RATE_LIMIT_IP_PER_MINUTE'
    | 'RATE_LIMIT_USER_PER_MINUTE'
    | 'RATE_LIMIT_GUEST_PER_MINUTE'
    | 'RATE_LIMIT_IDENTITY_PER_MINUTE'
    | 'RATE_LIMIT_WAITLIST_PER_HOUR'
    | 'RATE_LIMIT_SIGN_IN_PER_MINUTE'
    | 'RATE_LIMIT_CLIPS_PER_HOUR'
    | 'IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE'
    | 'IMAGE_LOOKUPS_PER_MINUTE'
  >,
  counters: Counters,
  metrics: Pick<Metrics, 'limiter'>,
): Limits {
  // Checked when the environment was read: a bad value never gets this far.
  const proxies = parseTrustProxy(env.TRUST_PROXY);
  const trusted = typeof proxies === 'string' ? { hops: 0 } : proxies;
  const limiter = (name: string, limit: number, windowMs: number) =>
    createRateLimiter(name, limit, windowMs, counters, metrics.limiter);
  return {
    // Per-address limits key IPv6 clients by their network (docs/decisions/020-abuse-limits.md).
    addressOf: (c) => addressKey(clientIp(c, trusted), env.RATE_LIMIT_IPV6_PREFIX),
    identity: limiter('identity', env.RATE_LIMIT_IDENTITY_PER_MINUTE, MINUTE),
    ip: limiter('ip', env.RATE_LIMIT_IP_PER_MINUTE, MINUTE),
    user: limiter('user', env.RATE_LIMIT_USER_PER_MINUTE, MINUTE),
    guest: limiter('guest', env.RATE_LIMIT_GUEST_PER_MINUTE, MINUTE),
    waitlist: limiter('waitlist', env.RATE_LIMIT_WAITLIST_PER_HOUR, HOUR),
    sourceSignIn: limiter('source-sign-in', env.RATE_LIMIT_SIGN_IN_PER_MINUTE, MINUTE),
    clips: limiter('clips', env.RATE_LIMIT_CLIPS_PER_HOUR, HOUR),
    imageLookups: limiter('image-lookups', env.IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE, MINUTE),
    imageLookupsAll: limiter('image-lookups-all', env.IMAGE_LOOKUPS_PER_MINUTE, MINUTE),
    smsPerListener: limiter('sms-user', SMS_CODES_PER_HOUR, HOUR),
    smsPerNumber: limiter('sms-number', SMS_CODES_PER_HOUR, HOUR),
    adminSignIn: limiter('admin', ADMIN_SIGN_INS_PER_MINUTE, MINUTE),
    challengesPerAddress: limiter('challenge-address', CHALLENGES_PER_HOUR, HOUR),
    challengesPerListener: limiter('challenge-listener', CHALLENGES_PER_HOUR, HOUR),
    challengeGuesses: limiter('challenge-guess', CHALLENGE_GUESSES_PER_HOUR, HOUR),
    challengePlays: limiter('challenge-play', CHALLENGE_PLAYS_PER_HOUR, HOUR),
  };
}
