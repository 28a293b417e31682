import type { Context, Env, MiddlewareHandler } from 'hono';

/**
 * A check a guard runs before the handler: throws an HttpError to refuse the call, may set context
 * variables, and returns a promise only when it has to wait for something.
 */
// biome-ignore lint/suspicious/noExplicitAny: a check works for any route environment
export type Check<E extends Env = any> = (c: Context<E>) => void | Promise<void>;

/**
 * One middleware that runs checks in order, then the handler. A check that needs nothing from the
 * outside (a cached caller, a counter in memory) costs no promise, which composed middlewares would.
 */
// biome-ignore lint/suspicious/noExplicitAny: as Check
export function guard<E extends Env = any>(...checks: Check<E>[]): MiddlewareHandler<E> {
  return async (c, next) => {
    for (const check of checks) {
      const waiting = check(c);
      if (waiting) await waiting;
    }
    await next();
  };
}
