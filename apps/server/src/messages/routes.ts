import { successRequest, welcomeRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { UserEnv, VerifiedUser } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { languageOf, VARY_LANGUAGE } from '../http/language.ts';
import type { Listeners } from '../http/listener.ts';
import type { MessageWriter } from './writer.ts';

/** A signed-in caller has `user`; a guest (a Spotify data export, docs/product.md) has none. */
type CallerEnv = { Variables: { user?: VerifiedUser } };

/**
 * POST /functions/v1/generate-welcome-message and generate-success-message. A caller with a bearer token
 * or a session cookie must be a known listener; a caller with neither is a guest, answered from the
 * templates only and limited per IP by `guestGuard`. Both answer in the request's language (`languageOf`).
 */
export function messageRoutes(
  writer: MessageWriter,
  userGuard: MiddlewareHandler<UserEnv>,
  guestGuard: MiddlewareHandler,
  presented: Listeners['presented'],
): Hono<CallerEnv> {
  const app = new Hono<CallerEnv>();
  // Chosen by what the call presents, before anyone is asked who it is (`../http/listener.ts`).
  const caller: MiddlewareHandler<CallerEnv> = (c, next) =>
    presented(c) === 'nothing'
      ? guestGuard(c, next)
      : // Cast: the user guard sets the `user` this environment declares optional.
        (userGuard as MiddlewareHandler<CallerEnv>)(c, next);
  app.post('/generate-welcome-message', caller, async (c) => {
    const { artists, listSize } = await readJson(c, welcomeRequest);
    const language = languageOf(c);
    const message = await writer.welcome(
      c.get('user')?.id ?? null,
      language,
      artists,
      listSize ?? artists.length,
    );
    c.header('Vary', VARY_LANGUAGE, { append: true });
    return c.json(message);
  });
  app.post('/generate-success-message', caller, async (c) => {
    const { artistNames } = await readJson(c, successRequest);
    const results = await writer.success(c.get('user')?.id ?? null, languageOf(c), artistNames);
    c.header('Vary', VARY_LANGUAGE, { append: true });
    return c.json({ results });
  });
  return app;
}
