import type { Context, Env, MiddlewareHandler, Next } from 'hono';

/**
 * A check a guard runs before the handler: throws an HttpError to refuse the call, may set context
 * variables, and returns a promise only when it has to wait for something.
 */
// biome-ignore lint/suspicious/noExplicitAny: a check works for any route environment
export type Check<E extends Env = any> = (c: Context<E>) => void | Promise<void>;

/**
 * One middleware that runs checks in order, then the handler. A check that needs nothing from the
 * outside (a cached caller) costs no promise, which composed middlewares would; one that waits (a rate
 * limit) is followed straight from its own promise (apps/server/README.md, "One request path").
 */
// biome-ignore lint/suspicious/noExplicitAny: as Check
export function guard<E extends Env = any>(...checks: Check<E>[]): MiddlewareHandler<E> {
  const run = (c: Context<E>, next: Next, from: number): Promise<void> => {
    for (let i = from; i < checks.length; i++) {
      const waiting = checks[i]?.(c);
      if (waiting) return waiting.then(() => run(c, next, i + 1));
    }
    return next();
  };
  // Not an async function: a check that throws is passed on as a rejection, as one would be.
  return (c, next) => {
    try {
      return run(c, next, 0);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
