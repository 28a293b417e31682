import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';

export interface RateLimiter {
  /** Counts one request for key; returns the seconds to wait when over the limit. */
  hit(key: string): number | undefined;
}

/** Fixed-window counter in memory: enough for one instance; a shared store would replace it at scale. */
export function createRateLimiter(
  limit: number,
  windowMs: number,
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      let entry = windows.get(key);
      if (!entry || t - entry.start >= windowMs) {
        // Drop stale keys now and then so the map cannot grow without bound.
        if (windows.size > 50_000) {
          for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
        }
        entry = { start: t, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      if (entry.count <= limit) return undefined;
      return Math.max(1, Math.ceil((entry.start + windowMs - t) / 1000));
    },
  };
}

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, benchmarks) have no socket.
    return 'local';
  }
}

export function limitBy(limiter: RateLimiter, key: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(key(c));
    if (wait !== undefined) {
      throw new HttpError(429, 'Too many requests', { 'Retry-After': String(wait) });
    }
    await next();
  };
}
