import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { KeyedHash } from '../db/secrets.ts';
import { HttpError } from '../http/errors.ts';
import type { Check } from '../http/guard.ts';
import { sameSecret } from '../http/identity.ts';
import { SourceError } from './errors.ts';
import type { Lastfm } from './lastfm.ts';
import { secure } from './session-cookie.ts';
import type { SourceSession } from './sessions.ts';

/**
 * The Last.fm sign-in's pre-session cookie (docs/decisions/020-abuse-limits.md, "Source sign-in state"):
 * `__Host-` on https, so no sibling site and no plain-http page can plant it; browsers take `__Host-`
 * only with Secure, so a plain-http server (demo mode on a laptop) uses the bare name.
 */
const stateCookie = (origin: string) => (secure(origin) ? '__Host-hr_lastfm_state' : 'hr_lastfm_state');

export interface LastfmRouteOptions {
  lastfm?: Lastfm;
  /** The public origin of this server: where Last.fm sends the listener back. */
  origin: string;
  /** Limits sign-in attempts (each asks the source) per client address. */
  signInLimit: Check;
  /** The server's one keyed hash (db/secrets.ts), under the sign-in state's own secret. */
  stateHash: KeyedHash;
  /** Starts the listener's session: its row and its cookie. */
  start: (c: Context, session: Omit<SourceSession, 'expiresAt'>) => Promise<void>;
}

/**
 * The Last.fm sign-in (docs/product.md, "Other sources"): /auth/lastfm/start sends the listener to
 * Last.fm, /auth/lastfm/callback starts their session.
 */
export function lastfmRoutes(options: LastfmRouteOptions): Hono {
  const { origin, start } = options;
  const app = new Hono();
  const back = (c: Context, code: string, source: string) =>
    c.redirect(`/login?source=${source}&error=${encodeURIComponent(code)}`, 302);

  // The state Last.fm carries back: a keyed hash of the pre-session id in the browser's cookie, so it
  // matches only the browser that started the sign-in.
  const stateOf = (preSession: string) => options.stateHash(`lastfm-state:${preSession}`);

  app.get('/auth/lastfm/start', async (c) => {
    if (!options.lastfm) return c.json({ error: 'Last.fm sign-in is not set up on this server' }, 404);
    const preSession = randomBytes(32).toString('base64url');
    setCookie(c, stateCookie(origin), preSession, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(origin),
      path: '/',
      maxAge: 600,
    });
    const callback = new URL('/auth/lastfm/callback', origin);
    callback.searchParams.set('state', await stateOf(preSession));
    return c.redirect(options.lastfm.authLink(callback.toString()), 302);
  });

  app.get('/auth/lastfm/callback', async (c) => {
    if (!options.lastfm) return c.json({ error: 'Last.fm sign-in is not set up on this server' }, 404);
    // A navigation: a spent limit comes back to the sign-in screen with its reason, as any failure.
    try {
      await options.signInLimit(c);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) return back(c, 'rate-limited', 'lastfm');
      throw error;
    }
    const preSession = getCookie(c, stateCookie(origin));
    // Used once: the cookie goes whatever the answer.
    deleteCookie(c, stateCookie(origin), { path: '/', secure: secure(origin) });
    const { state, token } = c.req.query();
    if (!preSession || preSession.length > 100 || !sameSecret(state, await stateOf(preSession)))
      return back(c, 'state', 'lastfm');
    if (!token) return back(c, 'cancelled', 'lastfm');
    if (token.length > 200) return back(c, 'failed', 'lastfm');
    try {
      const account = await options.lastfm.getSession(token);
      await start(c, {
        userId: `lastfm:${account.name.toLowerCase()}`,
        source: 'lastfm',
        sourceName: account.name,
        displayName: account.displayName,
        sourceKey: account.key,
      });
    } catch (error) {
      return back(c, error instanceof SourceError ? error.code : 'failed', 'lastfm');
    }
    return c.redirect('/connected?source=lastfm', 302);
  });

  return app;
}
