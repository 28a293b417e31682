import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { type Check, guard } from './guard.ts';

export interface RateLimiter {
  /** Counts one request for key; refuses it (429 with `Retry-After`) once the limit is spent. */
  spend(key: string): Promise<void>;
}

/** Where the counters live: the database's kind, and how many keys one limiter keeps in memory. */
export type LimiterStore = Pick<Database, 'db' | 'kind'> & { memoryKeys: number };

/**
 * A limit of `limit` requests per `windowMs` (docs/deploy.md, "Rate limits"). On PostgreSQL the counters
 * live in the `rate_limit` table, so a limit holds across every instance, and rows whose window has
 * passed are deleted once a window; on the embedded database (one instance) they live in memory, at most
 * `memoryKeys` of them per limit, the least recently used dropped first, and each freed once its window
 * has passed (docs/decisions/020-abuse-limits.md, "Bounded counters").
 */
export function createRateLimiter(
  name: string,
  limit: number,
  windowMs: number,
  store: LimiterStore,
): RateLimiter {
  if (store.kind === 'postgres') {
    const limiter = new RateLimiterDrizzle({
      keyPrefix: name,
      points: limit,
      duration: Math.max(1, Math.ceil(windowMs / 1000)),
      storeClient: store.db,
      schema: rateLimit,
      // Purged below, as soon as a window has passed, rather than an hour after.
      clearExpiredByTimeout: false,
    });
    let purgedAt = Date.now();
    const purge = () => {
      if (Date.now() - purgedAt < windowMs) return;
      purgedAt = Date.now();
      // A row whose window has passed counts as nothing: deleting it changes no answer.
      store.db
        .delete(rateLimit)
        .where(lt(rateLimit.expire, new Date()))
        .catch(() => undefined);
    };
    // The library settles its promise with the counter's state, and rejects with it when the limit is
    // spent (with an Error otherwise): one `then` reads either, with no async wrapper around it.
    return {
      spend: (key) => {
        purge();
        return limiter.consume(key).then(passed, overLimit);
      },
    };
  }
  const counters = new LRUCache<string, { points: number; resetAt: number }>({
    max: store.memoryKeys,
    ttl: windowMs,
  });
  let purgedAt = Date.now();
  return {
    spend(key) {
      const at = Date.now();
      if (at - purgedAt >= windowMs) {
        purgedAt = at;
        counters.purgeStale();
      }
      const counter = counters.get(key);
      if (!counter) {
        counters.set(key, { points: 1, resetAt: at + windowMs });
        return limit >= 1 ? Promise.resolve() : Promise.reject(refusal(windowMs));
      }
      counter.points += 1;
      return counter.points <= limit ? Promise.resolve() : Promise.reject(refusal(counter.resetAt - at));
    },
  };
}

const passed = (): undefined => undefined;

function refusal(msBeforeNext: number): HttpError {
  const wait = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, 'Too many requests', { 'Retry-After': String(wait) });
}

function overLimit(answer: unknown): never {
  // A spent limit rejects with the counter's state (msBeforeNext); anything else is a failure.
  if (answer instanceof Error || typeof (answer as { msBeforeNext?: unknown })?.msBeforeNext !== 'number')
    throw answer;
  throw refusal((answer as { msBeforeNext: number }).msBeforeNext);
}

/** Which proxies in front of us may say who the client is (TRUST_PROXY). */
export type TrustedProxies = { hops: number } | { cidrs: BlockList };

/** TRUST_PROXY: a number of hops (0 = no proxy), or a comma-separated list of proxy addresses and CIDRs. */
export function parseTrustProxy(value: string): TrustedProxies | string {
  const text = value.trim();
  if (text === '' || text === 'false') return { hops: 0 };
  if (/^\d{1,2}$/.test(text)) return { hops: Number(text) };
  const cidrs = new BlockList();
  for (const part of text.split(',').map((p) => p.trim())) {
    const [address = '', bits] = part.split('/');
    const family = isIP(address);
    if (family === 0) return `"${part}" is not an address or CIDR`;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      return `"${part}" has a bad prefix length`;
    cidrs.addSubnet(address, prefix, type);
  }
  return { cidrs };
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, benchmarks) have no socket.
    return 'local';
  }
}

function trusted(cidrs: BlockList, address: string): boolean {
  const bare = address.replace(/^::ffff:/, '');
  const family = isIP(bare);
  return family !== 0 && cidrs.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The caller's address (docs/deploy.md, "Client addresses"). X-Forwarded-For is read from the right: each
 * trusted proxy appends the address it saw, so the entries a client wrote itself are on the left and are
 * never believed. With `hops` the client is that many entries left of our socket's peer; with CIDRs,
 * the first address from the right that is not a trusted proxy.
 */
export function clientIp(c: Context, proxies: TrustedProxies): string {
  return addressOf(socketAddress(c), c.req.header('X-Forwarded-For'), proxies);
}

/** The same, from the socket's peer and the X-Forwarded-For header. */
function addressOf(peer: string, forwardedFor: string | undefined, proxies: TrustedProxies): string {
  if ('hops' in proxies && proxies.hops === 0) return peer;
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chain = [...forwarded, peer];
  if ('hops' in proxies) return chain[Math.max(0, chain.length - 1 - proxies.hops)] ?? peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i] ?? '';
    if (!trusted(proxies.cidrs, address)) return address;
  }
  return chain[0] ?? peer;
}

/**
 * The key of a client address for per-address limits: an IPv4 address itself (also when written as
 * IPv4-mapped IPv6), an IPv6 address's network of `v6Prefix` bits (64: one home or phone network, which
 * holds more addresses than any limit could count one by one). Anything else is kept as it is.
 */
export function addressKey(address: string, v6Prefix: number): string {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIP(bare) !== 6) return bare;
  const words = ipv6Words(bare);
  if (!words) return bare;
  const masked = words.map((word, i) => {
    const bits = Math.min(16, Math.max(0, v6Prefix - i * 16));
    return bits === 0 ? 0 : word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((w) => w.toString(16)).join(':')}/${v6Prefix}`;
}

/** The eight 16-bit words of an IPv6 address (already checked by `isIP`). */
function ipv6Words(address: string): number[] | undefined {
  const [text = ''] = address.split('%');
  const halves = text.split('::');
  const part = (half: string | undefined) => {
    if (!half) return [];
    const words: number[] = [];
    for (const piece of half.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        words.push((a << 8) | b, (c << 8) | d);
      } else words.push(Number.parseInt(piece, 16));
    }
    return words;
  };
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const words =
    halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}

/** The check of a limit per key (an IP, a user id): 429 with `Retry-After` once it is spent. */
export function limit(limiter: RateLimiter, key: (c: Context) => string): Check {
  return (c) => limiter.spend(key(c));
}

/** The same limit as a middleware of its own. */
export function limitBy(limiter: RateLimiter, key: (c: Context) => string): MiddlewareHandler {
  return guard(limit(limiter, key));
}
