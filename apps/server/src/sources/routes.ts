import { listenbrainzSignIn } from '@heavy-rotation/contracts';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { ChangeFeed } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { createKeyedHash } from '../db/secrets.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { guard } from '../http/guard.ts';
import { readJson } from '../http/json.ts';
import { sessionCookieName } from '../http/listener.ts';
import { createRepeatedJson } from '../http/repeated-json.ts';
import { requireSameOrigin } from '../http/same-origin.ts';
import { createChartStore } from './chart.ts';
import { SourceError } from './errors.ts';
import { type LastfmRouteOptions, lastfmRoutes } from './lastfm-routes.ts';
import type { Listenbrainz } from './listenbrainz.ts';
import { secure, sessionOf, setSessionCookie } from './session-cookie.ts';
import type { SessionStore, SourceSession } from './sessions.ts';
import { createTopArtistsReader } from './top-artists.ts';

export interface SourceRouteOptions extends Omit<LastfmRouteOptions, 'start' | 'stateHash'> {
  db: Db;
  changes: ChangeFeed;
  sessions: SessionStore;
  listenbrainz: Listenbrainz;
  /** Origins allowed to make state-changing calls with the cookie. */
  own: string[];
  guard: MiddlewareHandler;
  now: () => number;
}

/** The chart is the list as shown: its first 40 ranks. */
const CHART_SIZE = 40;
/** Room for the written answers of a few thousand listeners (about 11 kB plain, 2 kB compressed). */
const ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * Sign-in, session and top artists for Last.fm and ListenBrainz listeners (docs/product.md, "Other
 * sources"). A listener's list is kept SOURCE_CACHE_SECONDS.
 */
export function sourceRoutes(env: Pick<Env, 'SOURCE_CACHE_SECONDS'>, options: SourceRouteOptions): Hono {
  const { sessions, origin } = options;
  const app = new Hono();
  const topArtists = createTopArtistsReader(
    options.db,
    options.changes,
    options.now,
    env.SOURCE_CACHE_SECONDS * 1000,
  );
  const charts = createChartStore(options.db, options.changes, options.now);
  const repeated = createRepeatedJson(ANSWER_BYTES);

  async function start(c: Context, session: Omit<SourceSession, 'expiresAt'>) {
    const { token, expiresAt } = await sessions.create(session);
    setSessionCookie(c, origin, token, expiresAt);
  }

  // Last.fm's sign-in: to Last.fm and back (`./lastfm-routes.ts`).
  const stateHash = createKeyedHash(options.db, 'lastfm-state', 'base64url');
  app.route('/', lastfmRoutes({ ...options, stateHash, start }));

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
    return c.json({ source: session.source, userId: session.userId, displayName: session.displayName });
  });

  app.get('/api/source/session', options.guard, async (c) => {
    const session = await sessionOf(c, sessions, origin);
    if (!session) throw new HttpError(401, 'Not signed in');
    return c.json({ source: session.source, userId: session.userId, displayName: session.displayName });
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
      if (reply.stale) return c.json({ ...reply, chart });
      // A fresh list is the same answer on every call until the list or the chart changes: the listener,
      // when the list was fetched, and which rankings the chart holds name it.
      const version = [session.userId, reply.fetchedAt, chart.length, chart[0]?.at, chart.at(-1)?.at].join(
        '\0',
      );
      return repeated(c, version, () => ({ ...reply, chart }));
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
