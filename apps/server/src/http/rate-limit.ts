import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { Counters } from './counters.ts';
import { HttpError } from './errors.ts';
import { type Check, guard } from './guard.ts';

export interface RateLimiter {
  /** Counts one request for key; refuses it (429 with `Retry-After`) once the limit is spent. */
  spend(key: string): Promise<void>;
}

/** What a limiter reports: a refusal, and a count that Redis could not take (the memory counter did). */
export interface LimiterEvents {
  refused(name: string): void;
  storeFailed(name: string): void;
}

/**
 * A limit of `limit` requests per `windowMs` (docs/decisions/020-abuse-limits.md). With Redis the counters
 * are shared by every instance: one atomic increment per request, no database write and no row lock; a
 * key over its limit is then refused from memory until its window ends, without asking Redis. Without
 * Redis, and for any request Redis cannot answer in time, the counters live in this process's memory,
 * at most `memoryKeys` of them per limit, the least recently used dropped first, each freed once its
 * window has passed ("Bounded counters").
 */
export function createRateLimiter(
  name: string,
  limit: number,
  windowMs: number,
  counters: Pick<Counters, 'redis' | 'memoryKeys'>,
  events?: LimiterEvents,
): RateLimiter {
  const memory = memoryLimiter(limit, windowMs, counters.memoryKeys);
  const counted = (spent: Promise<void>) =>
    events
      ? spent.catch((error: unknown) => {
          if (error instanceof HttpError) events.refused(name);
          throw error;
        })
      : spent;
  if (!counters.redis) return { spend: (key) => counted(memory.spend(key)) };
  const shared = new RateLimiterRedis({
    keyPrefix: `rl:${name}`,
    points: limit,
    duration: Math.max(1, Math.ceil(windowMs / 1000)),
    storeClient: counters.redis,
    // Refused keys are remembered here until their window ends: a flood costs Redis nothing more.
    inMemoryBlockOnConsumed: limit + 1,
    rejectIfRedisNotReady: true,
  });
  // The library settles its promise with the counter's state, and rejects with it when the limit is
  // spent, with an Error when Redis could not answer: then this instance's memory counts instead.
  const fallBack = (key: string) => (answer: unknown) => {
    if (answer instanceof Error || typeof (answer as { msBeforeNext?: unknown })?.msBeforeNext !== 'number') {
      events?.storeFailed(name);
      return memory.spend(key);
    }
    throw refusal((answer as { msBeforeNext: number }).msBeforeNext);
  };
  return { spend: (key) => counted(shared.consume(key).then(passed, fallBack(key))) };
}

/**
 * Counters in this process's memory, bounded by `memoryKeys` (docs/decisions/020-abuse-limits.md,
 * "Bounded counters"). The bound is lru-cache's `maxSize`, each counter weighing 1, not its `max`, which
 * allocates room for every key when the cache is made (lru-cache's README, "Storage Bounds Safety").
 */
function memoryLimiter(limit: number, windowMs: number, memoryKeys: number): RateLimiter {
  const counters = new LRUCache<string, { points: number; resetAt: number }>({
    maxSize: memoryKeys,
    sizeCalculation: () => 1,
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
  return new HttpError(429, 'Too many requests', { 'Retry-After': String(wait) }, undefined, {
    code: 'rate-limited',
  });
}

/** The check of a limit per key (an IP, a user id): 429 with `Retry-After` once it is spent. */
export function limit(limiter: RateLimiter, key: (c: Context) => string): Check {
  return (c) => limiter.spend(key(c));
}

/** The same limit as a middleware of its own. */
export function limitBy(limiter: RateLimiter, key: (c: Context) => string): MiddlewareHandler {
  return guard(limit(limiter, key));
}
