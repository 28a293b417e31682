import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { HttpError } from './errors.ts';
import type { Check } from './guard.ts';
import type { UserEnv, VerifiedUser } from './identity.ts';
import { requireSameOrigin } from './same-origin.ts';

/**
 * The cookie that carries our own sign-in for Last.fm and ListenBrainz listeners
 * (docs/decisions/020-abuse-limits.md, "The session cookie"): `__Host-` on https, so no sibling
 * subdomain and no plain-http page can plant one; browsers take `__Host-` only with Secure, so a
 * plain-http server (demo mode on a laptop) uses the bare name. Only the name that fits the origin is read.
 */
export function sessionCookieName(origin: string): string {
  return origin.startsWith('https:') ? '__Host-hr_session' : 'hr_session';
}
/** Every name the cookie may have: whether a request carries one (to choose its guard), not whose it is. */
const SESSION_COOKIE_NAMES = ['__Host-hr_session', 'hr_session'] as const;

/**
 * Who is calling (docs/decisions/003-caller-identity.md): a listener Spotify vouches for by their bearer
 * token, a Last.fm or ListenBrainz listener by our session cookie, an export guest who presents neither,
 * or nobody: a session cookie that no longer holds a session (it ended, or was signed out elsewhere).
 */
export type Listener =
  | { via: 'spotify'; user: VerifiedUser }
  | { via: 'session'; user: VerifiedUser }
  | { via: 'guest' }
  | { via: 'nobody' };

/** What a call presents, read without asking anyone: a bearer token, a session cookie, or nothing. */
export type Presented = 'token' | 'session' | 'nothing';

export interface ListenerOptions {
  /** The listener of an `Authorization` header, Spotify vouching (`./identity.ts`, `bearerUser`). */
  bearerUser: (header: string, address: string) => VerifiedUser | Promise<VerifiedUser>;
  /** The listener of the request's session cookie, if it holds a session. */
  sessionUser: (c: Context) => Promise<VerifiedUser | undefined>;
  /** The caller's address key: lookups at the provider are limited per address. */
  addressOf: (c: Context) => string;
  /** Origins that may make state-changing calls with the cookie. */
  own: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const GUEST: Listener = { via: 'guest' };
const NOBODY: Listener = { via: 'nobody' };
const spotify = (user: VerifiedUser): Listener => ({ via: 'spotify', user });

/** The server's one answer to "who is calling", and the check of listener-scoped routes built on it. */
export function createListeners(options: ListenerOptions) {
  function presented(c: Context): Presented {
    if (c.req.header('Authorization') !== undefined) return 'token';
    return SESSION_COOKIE_NAMES.some((name) => getCookie(c, name) !== undefined) ? 'session' : 'nothing';
  }

  /**
   * The caller: at once for a token Spotify vouched for within the last minute, else a promise. A token
   * Spotify refuses is refused (401, 403; 503 while it cannot answer); a state-changing call with the
   * cookie must come from our own pages.
   */
  function listenerOf(c: Context): Listener | Promise<Listener> {
    const header = c.req.header('Authorization');
    if (header !== undefined) {
      const user = options.bearerUser(header, options.addressOf(c));
      return user instanceof Promise ? user.then(spotify) : spotify(user);
    }
    if (presented(c) === 'nothing') return GUEST;
    return options.sessionUser(c).then((user) => {
      if (!user) return NOBODY;
      if (!SAFE_METHODS.has(c.req.method)) requireSameOrigin(c, options.own);
      return { via: 'session', user };
    });
  }

  const signedIn = (c: Context<UserEnv>, listener: Listener): void => {
    if (listener.via !== 'spotify' && listener.via !== 'session')
      throw new HttpError(401, 'Spotify user not found', {}, undefined, { code: 'signed-out' });
    c.set('user', listener.user);
  };

  /** The check of a listener's own calls: the listener as `user`, or 401. */
  const requireListener: Check<UserEnv> = (c) => {
    const found = listenerOf(c);
    if (!(found instanceof Promise)) return signedIn(c, found);
    return found.then((listener) => signedIn(c, listener));
  };

  return { presented, listenerOf, requireListener };
}
export type Listeners = ReturnType<typeof createListeners>;
