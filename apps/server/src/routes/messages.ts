import { successRequest, welcomeRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { UserEnv, VerifiedUser } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import type { MessageWriter } from '../messages/writer.ts';
import { SESSION_COOKIE_NAMES } from '../sources/sessions.ts';

/** A signed-in caller has `user`; a guest (a Spotify data export, docs/product.md) has none. */
type CallerEnv = { Variables: { user?: VerifiedUser } };

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * POST /functions/v1/generate-welcome-message and generate-success-message. A caller with a bearer token
 * or a session cookie must be a known listener; a caller with neither is a guest, answered from the
 * templates only and limited per IP by `guestGuard`.
 */
export function messageRoutes(
  writer: MessageWriter,
  userGuard: MiddlewareHandler<UserEnv>,
  guestGuard: MiddlewareHandler,
): Hono<CallerEnv> {
  const app = new Hono<CallerEnv>();
  const caller: MiddlewareHandler<CallerEnv> = (c, next) => {
    const signedIn =
      c.req.header('Authorization') !== undefined ||
      SESSION_COOKIE_NAMES.some((name) => getCookie(c, name) !== undefined);
    // Cast: the user guard sets the `user` this environment declares optional.
    return signedIn ? (userGuard as MiddlewareHandler<CallerEnv>)(c, next) : guestGuard(c, next);
  };
  app.post('/generate-welcome-message', caller, async (c) => {
    const { artists, listSize } = await readJson(c, welcomeRequest);
    const message = await writer.welcome(c.get('user')?.id ?? null, artists, listSize ?? artists.length);
    return c.json(message, 200, NO_STORE);
  });
  app.post('/generate-success-message', caller, async (c) => {
    const { artistNames } = await readJson(c, successRequest);
    const results = await writer.success(c.get('user')?.id ?? null, artistNames);
    return c.json({ results }, 200, NO_STORE);
  });
  return app;
}
