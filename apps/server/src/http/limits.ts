import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { addressKey, clientIp, parseTrustProxy } from './client-address.ts';
import type { Counters } from './counters.ts';
import type { Metrics } from './metrics.ts';
import { createRateLimiter, type RateLimiter } from './rate-limit.ts';

/** Per-address limits count an IPv6 client by its /64, the network one subscriber is given. */
const IPV6_PREFIX_BITS = 64;

/**
 * Codes texted (docs/decisions/020-abuse-limits.md, "Texts on our bill"): a listener asks for one or
 * two, rarely more; a number's owner needs a few a day at most; an address may carry a household or a
 * class; a block of a thousand numbers is one carrier's, where pumping runs number after number.
 */
const SMS_CODES_PER_LISTENER_PER_HOUR = 5;
const SMS_CODES_PER_LISTENER_PER_DAY = 10;
const SMS_CODES_PER_NUMBER_PER_DAY = 5;
const SMS_CODES_PER_ADDRESS_PER_HOUR = 10;
const SMS_CODES_PER_BLOCK_PER_DAY = 10;
/** Wrong tokens a client IP may try per minute at the console's sign-in. */
const ADMIN_SIGN_INS_PER_MINUTE = 10;
/** Challenge links made per address and per listener per hour (docs/decisions/027-challenge-links.md). */
const CHALLENGES_PER_HOUR = 10;
/**
 * Guesses per address per hour at a challenge link (saving a game costs one too), and games it starts
 * there (at a game's first right guess, or its save when it found nothing).
 */
const CHALLENGE_GUESSES_PER_HOUR = 200;
const CHALLENGE_PLAYS_PER_HOUR = 10;
/**
 * Guesses per link per hour, from every address together (docs/decisions/020-abuse-limits.md, "Challenge
 * links"): fifty friends of forty guesses each; one who brings many addresses still tests no more names.
 */
const CHALLENGE_GUESSES_PER_LINK_PER_HOUR = 2000;
/** Friends' games kept per link, finished or not: enough for any group of friends, bounded against a flood. */
export const CHALLENGE_GAMES_KEPT = 500;
/**
 * One address's lookups are at most this fraction of everybody's IMAGE_LOOKUPS_PER_MINUTE
 * (docs/decisions/020-abuse-limits.md, "Artist images"): spending everybody's takes twenty addresses.
 */
const IMAGE_LOOKUP_SHARE = 1 / 20;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The limits on codes texted (docs/decisions/020-abuse-limits.md, "Texts on our bill"). */
export interface TextLimits {
  perListenerHour: RateLimiter;
  perListenerDay: RateLimiter;
  perAddress: RateLimiter;
  perNumber: RateLimiter;
  perBlock: RateLimiter;
  /** SMS_CODES_PER_DAY for everybody, across instances. */
  overall: RateLimiter;
}

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
  sms: TextLimits;
  adminSignIn: RateLimiter;
  challengesPerAddress: RateLimiter;
  challengesPerListener: RateLimiter;
  challengeGuesses: RateLimiter;
  challengeGuessesPerLink: RateLimiter;
  challengePlays: RateLimiter;
}

export function limitsFromEnv(
  env: Pick<
    Env,
    | 'TRUST_PROXY'
    | 'RATE_LIMIT_IP_PER_MINUTE'
    | 'RATE_LIMIT_USER_PER_MINUTE'
    | 'RATE_LIMIT_GUEST_PER_MINUTE'
    | 'RATE_LIMIT_IDENTITY_PER_MINUTE'
    | 'RATE_LIMIT_WAITLIST_PER_HOUR'
    | 'RATE_LIMIT_SIGN_IN_PER_MINUTE'
    | 'RATE_LIMIT_CLIPS_PER_HOUR'
    | 'IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE'
    | 'IMAGE_LOOKUPS_PER_MINUTE'
    | 'SMS_CODES_PER_DAY'
  >,
  counters: Counters,
  metrics: Pick<Metrics, 'limiter'>,
): Limits {
  // Checked when the environment was read: a bad value never gets this far.
  const proxies = parseTrustProxy(env.TRUST_PROXY);
  const trusted = typeof proxies === 'string' ? { hops: 0 } : proxies;
  const limiter = (name: string, limit: number, windowMs: number) =>
    createRateLimiter(name, limit, windowMs, counters, metrics.limiter);
  const imageShare = Math.floor(env.IMAGE_LOOKUPS_PER_MINUTE * IMAGE_LOOKUP_SHARE);
  const imageLookupsPerAddress = Math.max(1, Math.min(env.IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE, imageShare));
  return {
    // Per-address limits key IPv6 clients by their network (docs/decisions/020-abuse-limits.md).
    addressOf: (c) => addressKey(clientIp(c, trusted), IPV6_PREFIX_BITS),
    identity: limiter('identity', env.RATE_LIMIT_IDENTITY_PER_MINUTE, MINUTE),
    ip: limiter('ip', env.RATE_LIMIT_IP_PER_MINUTE, MINUTE),
    user: limiter('user', env.RATE_LIMIT_USER_PER_MINUTE, MINUTE),
    guest: limiter('guest', env.RATE_LIMIT_GUEST_PER_MINUTE, MINUTE),
    waitlist: limiter('waitlist', env.RATE_LIMIT_WAITLIST_PER_HOUR, HOUR),
    sourceSignIn: limiter('source-sign-in', env.RATE_LIMIT_SIGN_IN_PER_MINUTE, MINUTE),
    clips: limiter('clips', env.RATE_LIMIT_CLIPS_PER_HOUR, HOUR),
    imageLookups: limiter('image-lookups', imageLookupsPerAddress, MINUTE),
    imageLookupsAll: limiter('image-lookups-all', env.IMAGE_LOOKUPS_PER_MINUTE, MINUTE),
    sms: {
      perListenerHour: limiter('sms-user', SMS_CODES_PER_LISTENER_PER_HOUR, HOUR),
      perListenerDay: limiter('sms-user-day', SMS_CODES_PER_LISTENER_PER_DAY, DAY),
      perAddress: limiter('sms-address', SMS_CODES_PER_ADDRESS_PER_HOUR, HOUR),
      perNumber: limiter('sms-number-day', SMS_CODES_PER_NUMBER_PER_DAY, DAY),
      perBlock: limiter('sms-block', SMS_CODES_PER_BLOCK_PER_DAY, DAY),
      overall: limiter('sms-all', env.SMS_CODES_PER_DAY, DAY),
    },
    adminSignIn: limiter('admin', ADMIN_SIGN_INS_PER_MINUTE, MINUTE),
    challengesPerAddress: limiter('challenge-address', CHALLENGES_PER_HOUR, HOUR),
    challengesPerListener: limiter('challenge-listener', CHALLENGES_PER_HOUR, HOUR),
    challengeGuesses: limiter('challenge-guess', CHALLENGE_GUESSES_PER_HOUR, HOUR),
    challengeGuessesPerLink: limiter('challenge-guess-link', CHALLENGE_GUESSES_PER_LINK_PER_HOUR, HOUR),
    challengePlays: limiter('challenge-play', CHALLENGE_PLAYS_PER_HOUR, HOUR),
  };
}
