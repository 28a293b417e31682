/// <reference path="../rate-limiter-flexible.d.ts" />
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import RateLimiterDrizzle from 'rate-limiter-flexible/lib/RateLimiterDrizzle.js';
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { type Check, guard } from './guard.ts';

export interface RateLimiter {
  /** Counts one request for key; refuses it (429 with `Retry-After`) once the limit is spent. */
  spend(key: string): Promise<void>;
}

/**
 * A limit of `limit` requests per `windowMs` (docs/deploy.md, "Rate limits"). On PostgreSQL the counters
 * live in the `rate_limit` table, so a limit holds across every instance; on the embedded database (one
 * instance) they live in memory, and expire with their window.
 */
export function createRateLimiter(
  name: string,
  limit: number,
  windowMs: number,
  database: Pick<Database, 'db' | 'kind'>,
): RateLimiter {
  const options = { keyPrefix: name, points: limit, duration: Math.max(1, Math.ceil(windowMs / 1000)) };
  const limiter =
    database.kind === 'postgres'
      ? new RateLimiterDrizzle({ ...options, storeClient: database.db, schema: rateLimit })
      : new RateLimiterMemory(options);
  // The library settles its promise with the counter's state, and rejects with it when the limit is
  // spent (with an Error otherwise): one `then` reads either, with no async wrapper around it.
  return {
    spend: (key) => limiter.consume(key).then(passed, overLimit),
  };
}

const passed = (): undefined => undefined;

function overLimit(refusal: unknown): never {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  const wait = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  throw new HttpError(429, 'Too many requests', { 'Retry-After': String(wait) });
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
export function addressOf(peer: string, forwardedFor: string | undefined, proxies: TrustedProxies): string {
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

/** The check of a limit per key (an IP, a user id): 429 with `Retry-After` once it is spent. */
export function limit(limiter: RateLimiter, key: (c: Context) => string): Check {
  return (c) => limiter.spend(key(c));
}

/** The same limit as a middleware of its own. */
export function limitBy(limiter: RateLimiter, key: (c: Context) => string): MiddlewareHandler {
  return guard(limit(limiter, key));
}
