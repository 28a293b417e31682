import type { Redis } from 'ioredis';
import type { Env } from '../env.ts';

/**
 * Where the rate-limit counters live (docs/decisions/020-abuse-limits.md, "Where counting happens"): in
 * Redis, shared by every instance, when REDIS_URL is set (required with DATABASE_URL); else in this
 * process's memory, which is all one instance on the embedded database needs. Counting never writes to
 * the database and never waits on a row.
 */
export interface Counters {
  /** The Redis connection, or none: counters in memory only. */
  redis: Redis | undefined;
  /** Keys one limit keeps in memory (without Redis, and while Redis is away), least recently used dropped. */
  memoryKeys: number;
  close(): Promise<void>;
}

/** How long a counter command may wait for Redis before the memory counter answers instead. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * Opens the counters: with REDIS_URL, connects before the server takes requests, so every instance counts
 * in Redis from its first request. Redis away at start stops nothing: the memory counters answer and the
 * client keeps reconnecting.
 */
export async function countersFromEnv(
  env: Pick<Env, 'REDIS_URL' | 'RATE_LIMIT_MEMORY_KEYS'>,
  onTrouble: (what: string, error: unknown) => void,
  /** Prefixes every key (tests sharing one Redis keep their counters apart). */
  keyPrefix = '',
): Promise<Counters> {
  if (!env.REDIS_URL)
    return { redis: undefined, memoryKeys: env.RATE_LIMIT_MEMORY_KEYS, close: async () => {} };
  // Loaded only where counters are shared: the embedded default starts without it. The class is the
  // module's default export, which is also all the server's bundle keeps of this CommonJS package.
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL, {
    keyPrefix,
    lazyConnect: true,
    // A command while Redis is away fails at once and the memory counter answers (rate-limit.ts): a
    // request never queues behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Told once per outage, not once per command: the client reconnects by itself.
  let down = false;
  redis.on('error', (error) => {
    if (down) return;
    down = true;
    onTrouble('Redis is unreachable: counting in memory until it is back', error);
  });
  redis.on('ready', () => {
    down = false;
  });
  await redis.connect().catch(() => undefined);
  return {
    redis,
    memoryKeys: env.RATE_LIMIT_MEMORY_KEYS,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
