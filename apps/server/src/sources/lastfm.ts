import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { Env } from '../env.ts';
import { withDeadline } from '../http/deadline.ts';
import { ReplyTooLarge, readJsonCapped } from '../upstream/capped-json.ts';
import { SOURCE_TIMEOUT_MS } from '../upstream/timeout.ts';
import { backoff, SourceError } from './errors.ts';
import type { SourceArtist } from './top-artists.ts';

interface LastfmConfig {
  apiKey: string;
  secret: string;
  authUrl: string;
  apiUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** api_sig: md5 of the parameters sorted by name, each name then value, then the shared secret. */
function signature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'format' && k !== 'callback')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex');
}

const errorBody = z.object({ error: z.number(), message: z.string().optional() });
const sessionBody = z.object({ session: z.object({ name: z.string().min(1), key: z.string().min(1) }) });
const infoBody = z.object({ user: z.object({ name: z.string(), realname: z.string().optional() }) });
const topBody = z.object({
  topartists: z.object({
    artist: z.array(
      z.object({
        name: z.string().min(1),
        mbid: z.string().optional(),
        url: z.string().optional(),
        playcount: z.union([z.string(), z.number()]).optional(),
      }),
    ),
  }),
});

// Last.fm's own words are for us; the listener gets ours (docs/product.md, "Other sources").
function failure(code: number, message: string | undefined): SourceError {
  switch (code) {
    case 6:
      return new SourceError('unknown-user', "Last.fm doesn't know this user.");
    case 4:
    case 9:
    case 14:
    case 15:
      return new SourceError('signed-out', 'Your Last.fm sign-in has ended. Sign in again.');
    case 29:
      return new SourceError('rate-limited', 'Last.fm needs a short break. Try again in a minute.', 60);
    case 8:
    case 11:
    case 16:
      return new SourceError('unavailable', 'Last.fm is having trouble. Try again shortly.');
    default:
      return new SourceError('failed', `Last.fm could not answer (error ${code}).`, undefined, message);
  }
}

const RETRIED = new Set([8, 11, 16]);

/** Last.fm's `playcount` for `period=1month` (a string of digits), as the plays of the last 4 weeks. */
function playsOf(playcount: string | number | undefined): Pick<SourceArtist, 'plays'> {
  const count = Number(playcount);
  return Number.isSafeInteger(count) && count > 0 ? { plays: { count, period: 'last-4-weeks' } } : {};
}

/** Last.fm through our server: web authentication, sessions and the listener's top artists. */
function createLastfm(config: LastfmConfig) {
  async function call(params: Record<string, string>, sign: boolean): Promise<unknown> {
    const all: Record<string, string> = { ...params, api_key: config.apiKey };
    if (sign) all.api_sig = signature(all, config.secret);
    all.format = 'json';
    for (let attempt = 0; ; attempt++) {
      let body: unknown;
      try {
        const res = await withDeadline(
          config.fetch(config.apiUrl, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'User-Agent': 'HeavyRotation/1.0',
            },
            body: new URLSearchParams(all).toString(),
            signal: AbortSignal.timeout(config.timeoutMs),
          }),
          config.timeoutMs,
        );
        // Decoded bytes past the cap are never read, and the answer is not asked for again.
        body = await readJsonCapped(res).catch((error: unknown) => {
          if (!(error instanceof ReplyTooLarge)) return undefined;
          throw new SourceError('failed', 'Last.fm sent an answer too large to read.', undefined, error);
        });
        if (!res.ok && !errorBody.safeParse(body).success) {
          if (res.status === 429) throw failure(29, undefined);
          throw new SourceError(
            'unavailable',
            'Last.fm is having trouble. Try again shortly.',
            undefined,
            res.status,
          );
        }
      } catch (error) {
        if (error instanceof SourceError && error.code !== 'unavailable') throw error;
        if (attempt < 2) {
          await backoff(attempt);
          continue;
        }
        throw error instanceof SourceError
          ? error
          : new SourceError('unavailable', 'Last.fm is having trouble. Try again shortly.', undefined, error);
      }
      // Last.fm sends many errors with HTTP 200: the body decides.
      const problem = errorBody.safeParse(body);
      if (!problem.success) return body;
      if (RETRIED.has(problem.data.error) && attempt < 2) {
        await backoff(attempt);
        continue;
      }
      throw failure(problem.data.error, problem.data.message);
    }
  }

  return {
    /** Where the listener approves us; Last.fm sends them back to `callback` with `token`. */
    authLink(callback: string): string {
      const url = new URL(config.authUrl);
      url.searchParams.set('api_key', config.apiKey);
      url.searchParams.set('cb', callback);
      return url.toString();
    },

    /** Exchanges the returned token for a session key (signed auth.getSession). */
    async getSession(token: string): Promise<{ name: string; key: string; displayName: string }> {
      const parsed = sessionBody.safeParse(await call({ method: 'auth.getSession', token }, true));
      if (!parsed.success) throw new SourceError('failed', 'Last.fm answered the sign-in unexpectedly.');
      const { name, key } = parsed.data.session;
      const info = infoBody.safeParse(
        await call({ method: 'user.getInfo', user: name }, false).catch(() => null),
      );
      const displayName = (info.success && info.data.user.realname?.trim()) || name;
      return { name, key, displayName };
    },

    /** The listener's top artists of the last month, best first (at most 40). */
    async topArtists(name: string, sessionKey: string): Promise<SourceArtist[]> {
      const body = await call(
        { method: 'user.getTopArtists', user: name, period: '1month', limit: '40', sk: sessionKey },
        true,
      );
      const parsed = topBody.safeParse(body);
      if (!parsed.success) throw new SourceError('failed', 'Last.fm answered the top artists unexpectedly.');
      return parsed.data.topartists.artist.slice(0, 40).map((a) => ({
        id: `lastfm:${a.name.toLowerCase()}`,
        name: a.name,
        // Last.fm's own images are placeholders: the image resolver fills these in.
        images: [],
        sourceUrl: a.url && /^https:\/\//.test(a.url) ? a.url : null,
        spotifyUrl: null,
        ...(a.mbid ? { mbid: a.mbid } : {}),
        ...playsOf(a.playcount),
      }));
    },
  };
}

export type Lastfm = ReturnType<typeof createLastfm>;

/** Last.fm from its variables: off (undefined) unless both LASTFM_API_KEY and LASTFM_SHARED_SECRET are set. */
export function lastfmFromEnv(
  env: Pick<Env, 'LASTFM_API_KEY' | 'LASTFM_SHARED_SECRET' | 'LASTFM_AUTH_URL' | 'LASTFM_API_URL'>,
  shared: { fetch: typeof fetch },
): Lastfm | undefined {
  if (!env.LASTFM_API_KEY || !env.LASTFM_SHARED_SECRET) return undefined;
  return createLastfm({
    apiKey: env.LASTFM_API_KEY,
    secret: env.LASTFM_SHARED_SECRET,
    authUrl: env.LASTFM_AUTH_URL,
    apiUrl: env.LASTFM_API_URL,
    timeoutMs: SOURCE_TIMEOUT_MS,
    fetch: shared.fetch,
  });
}
