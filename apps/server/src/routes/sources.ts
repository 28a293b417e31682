import { createHmac, randomBytes } from 'node:crypto';
import { listenbrainzSignIn } from '@heavy-rotation/contracts';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { type Check, guard } from '../http/guard.ts';
import { sameSecret } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { requireSameOrigin } from '../http/same-origin.ts';
import { createChartStore } from '../sources/chart.ts';
import { SourceError } from '../sources/errors.ts';
import type { Lastfm } from '../sources/lastfm.ts';
import type { Listenbrainz } from '../sources/listenbrainz.ts';
import { type SessionStore, type SourceSession, sessionCookieName } from '../sources/sessions.ts';
import { createTopArtistsReader } from '../sources/top-artists.ts';

/**
 * The Last.fm sign-in's pre-session cookie (docs/decisions/020-abuse-limits.md, "Source sign-in state"):
 * `__Host-` on https, so no sibling site and no plain-http page can plant it; browsers take `__Host-`
 * only with Secure, so a plain-http server (demo mode on a laptop) uses the bare name.
 */
const stateCookie = (origin: string) => (secure(origin) ? '__Host-hr_lastfm_state' : 'hr_lastfm_state');

export interface SourceRouteOptions {
  db: Db;
  sessions: SessionStore;
  lastfm?: Lastfm;
  listenbrainz: Listenbrainz;
  /** The public origin of this server: where Last.fm sends the listener back. */
  origin: string;
  /** Origins allowed to make state-changing calls with the cookie. */
  own: string[];
  guard: MiddlewareHandler;
  now: () => number;
  /** Limits sign-in attempts (each asks the source) per client address. */
  signInLimit: Check;
}

function secure(origin: string): boolean {
  return origin.startsWith('https:');
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain, until the session expires; on https
 * `__Host-hr_session` with Secure (`sessionCookieName`).
 */
function setSessionCookie(c: Context, origin: string, token: string, expiresAt: Date): void {
  setCookie(c, sessionCookieName(origin), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(origin),
    path: '/',
    expires: expiresAt,
  });
}

/** The session of the request's cookie (rotating it when due), or undefined. */
export async function sessionOf(
  c: Context,
  sessions: SessionStore,
  origin: string,
): Promise<SourceSession | undefined> {
  const token = getCookie(c, sessionCookieName(origin));
  if (!token || token.length > 200) return undefined;
  const found = await sessions.find(token);
  if (!found) return undefined;
  if (found.rotated) setSessionCookie(c, origin, found.rotated, found.session.expiresAt);
  return found.session;
}

/** The chart is the list as shown: its first 40 ranks. */
const CHART_SIZE = 40;

/**
 * Sign-in, session and top artists for Last.fm and ListenBrainz listeners (docs/product.md, "Other
 * sources"). LASTFM_SHARED_SECRET also keys the sign-in's state; a listener's list is kept
 * SOURCE_CACHE_SECONDS.
 */
export function sourceRoutes(
  env: Pick<Env, 'LASTFM_SHARED_SECRET' | 'SOURCE_CACHE_SECONDS'>,
  options: SourceRouteOptions,
): Hono {
  const { sessions, origin } = options;
  const app = new Hono();
  const topArtists = createTopArtistsReader(options.db, options.now, env.SOURCE_CACHE_SECONDS * 1000);
  const charts = createChartStore(options.db, options.now);
  const back = (c: Context, code: string, source: string) =>
    c.redirect(`/login?source=${source}&error=${encodeURIComponent(code)}`, 302);

  async function start(c: Context, session: Omit<SourceSession, 'expiresAt'>) {
    const { token, expiresAt } = await sessions.create(session);
    setSessionCookie(c, origin, token, expiresAt);
  }

  // The state Last.fm carries back: a keyed hash of the pre-session id in the browser's cookie, so it
  // matches only the browser that started the sign-in.
  const stateOf = (preSession: string) =>
    createHmac('sha256', env.LASTFM_SHARED_SECRET ?? '')
      .update(`lastfm-state:${preSession}`)
      .digest('base64url');

  app.get('/auth/lastfm/start', (c) => {
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
    callback.searchParams.set('state', stateOf(preSession));
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
    if (!preSession || preSession.length > 100 || !sameSecret(state, stateOf(preSession)))
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

  app.post('/auth/listenbrainz/session', options.guard, guard(options.signInLimit), async (c) => {
    requireSameOrigin(c, options.own);
    const { token } = await readJson(c, listenbrainzSignIn);
    const user = await options.listenbrainz.validateToken(token);
    if (!user)
      throw new SourceError(
        'signed-out',
        "ListenBrainz doesn't accept this token. Check it and paste it again.",
      );
    const session = {
      userId: `listenbrainz:${user.toLowerCase()}`,
      source: 'listenbrainz' as const,
      sourceName: user,
      displayName: user,
      sourceKey: token,
    };
    await start(c, session);
    return c.json({ source: session.source, userId: session.userId, displayName: session.displayName }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  app.get('/api/source/session', options.guard, async (c) => {
    const session = await sessionOf(c, sessions, origin);
    if (!session) throw new HttpError(401, 'Not signed in');
    return c.json({ source: session.source, userId: session.userId, displayName: session.displayName }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  app.get('/api/source/top-artists', options.guard, async (c) => {
    const session = await sessionOf(c, sessions, origin);
    if (!session) throw new HttpError(401, 'Not signed in');
    const upstream = {
      topArtists: (s: SourceSession) => {
        if (s.source === 'lastfm') {
          if (!options.lastfm) throw new SourceError('unavailable', 'Last.fm is not set up on this server.');
          return options.lastfm.topArtists(s.sourceName, s.sourceKey);
        }
        return options.listenbrainz.topArtists(s.sourceName, s.sourceKey);
      },
    };
    try {
      const reply = await topArtists(session, upstream);
      const chart = await charts.record(
        session.userId,
        reply.artists.slice(0, CHART_SIZE).map((a) => a.id),
      );
      return c.json({ ...reply, chart }, 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      // The source refused the key: this sign-in is over on every device.
      if (error instanceof SourceError && error.code === 'signed-out')
        await sessions.revokeUser(session.userId);
      throw error;
    }
  });

  app.post('/api/source/logout', async (c) => {
    requireSameOrigin(c, options.own);
    const token = getCookie(c, sessionCookieName(origin));
    if (token && token.length <= 200) await sessions.revoke(token);
    deleteCookie(c, sessionCookieName(origin), { path: '/', secure: secure(origin) });
    return c.body(null, 204);
  });

  return app;
}
