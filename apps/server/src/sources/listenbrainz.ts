import * as z from 'zod';
import type { Env } from '../env.ts';
import { withDeadline } from '../http/deadline.ts';
import { ReplyTooLarge, readJsonCapped } from '../upstream/capped-json.ts';
import { SOURCE_TIMEOUT_MS } from '../upstream/timeout.ts';
import { SourceError } from './errors.ts';
import type { SourceArtist } from './top-artists.ts';

interface ListenbrainzConfig {
  apiUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

const validBody = z.object({ valid: z.boolean(), user_name: z.string().optional() });
const statsBody = z.object({
  payload: z.object({
    artists: z.array(
      z.object({
        artist_name: z.string().min(1),
        artist_mbid: z.string().nullish(),
        artist_mbids: z.array(z.string()).nullish(),
        listen_count: z.number().nullish(),
      }),
    ),
  }),
});

const NOT_READY = "ListenBrainz hasn't worked out your stats yet. Come back in a day.";

/** ListenBrainz through our server: token check and the listener's artist statistics. */
function createListenbrainz(config: ListenbrainzConfig) {
  async function get(path: string, token: string): Promise<Response> {
    try {
      return await withDeadline(
        config.fetch(new URL(path, config.apiUrl.replace(/\/?$/, '/')), {
          headers: { Authorization: `Token ${token}`, 'User-Agent': 'HeavyRotation/1.0' },
          signal: AbortSignal.timeout(config.timeoutMs),
        }),
        config.timeoutMs,
      );
    } catch (error) {
      throw new SourceError(
        'unavailable',
        'ListenBrainz is having trouble. Try again shortly.',
        undefined,
        error,
      );
    }
  }

  /** The reply's JSON, null when it is not JSON; decoded bytes past the cap are never read. */
  function readReply(res: Response): Promise<unknown> {
    return readJsonCapped(res).catch((error: unknown) => {
      if (!(error instanceof ReplyTooLarge)) return null;
      throw new SourceError('failed', 'ListenBrainz sent an answer too large to read.', undefined, error);
    });
  }

  function refused(res: Response): SourceError {
    if (res.status === 404) return new SourceError('unknown-user', "ListenBrainz doesn't know this user.");
    if (res.status === 401)
      return new SourceError('signed-out', 'Your ListenBrainz token was refused. Paste it again.');
    if (res.status === 429) {
      const wait = Number(res.headers.get('X-RateLimit-Reset-In'));
      const seconds = Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60;
      return new SourceError(
        'rate-limited',
        'ListenBrainz needs a short break. Try again in a minute.',
        seconds,
      );
    }
    return new SourceError(
      'unavailable',
      'ListenBrainz is having trouble. Try again shortly.',
      undefined,
      res.status,
    );
  }

  async function artists(
    user: string,
    token: string,
    range: 'this_month' | 'month',
  ): Promise<SourceArtist[] | 'not-ready'> {
    const res = await get(`1/stats/user/${encodeURIComponent(user)}/artists?range=${range}&count=40`, token);
    if (res.status === 204) return 'not-ready';
    if (!res.ok) throw refused(res);
    const parsed = statsBody.safeParse(await readReply(res));
    if (!parsed.success)
      throw new SourceError('failed', 'ListenBrainz answered the statistics unexpectedly.');
    return parsed.data.payload.artists.slice(0, 40).map((a) => {
      const mbid = a.artist_mbid ?? a.artist_mbids?.[0];
      return {
        id: `listenbrainz:${a.artist_name.toLowerCase()}`,
        name: a.artist_name,
        images: [],
        sourceUrl: mbid ? `https://listenbrainz.org/artist/${encodeURIComponent(mbid)}/` : null,
        spotifyUrl: null,
        ...(mbid ? { mbid } : {}),
        // Worded by the range: this calendar month so far, or the whole of the last one.
        ...(a.listen_count && Number.isSafeInteger(a.listen_count) && a.listen_count > 0
          ? { plays: { count: a.listen_count, period: range === 'this_month' ? 'this-month' : 'last-month' } }
          : {}),
      };
    });
  }

  return {
    /** The user name a token belongs to, or null when ListenBrainz does not accept it. */
    async validateToken(token: string): Promise<string | null> {
      const res = await get('1/validate-token', token);
      if (res.status === 400 || res.status === 401) return null;
      if (!res.ok) throw refused(res);
      const parsed = validBody.safeParse(await readReply(res));
      if (!parsed.success)
        throw new SourceError('failed', 'ListenBrainz answered the token check unexpectedly.');
      return parsed.data.valid && parsed.data.user_name ? parsed.data.user_name : null;
    },

    /** This month's top artists, or the last month's when this one has fewer than 40. */
    async topArtists(user: string, token: string): Promise<SourceArtist[]> {
      const thisMonth = await artists(user, token, 'this_month');
      if (thisMonth !== 'not-ready' && thisMonth.length >= 40) return thisMonth;
      const month = await artists(user, token, 'month');
      const best = [thisMonth, month].filter((l): l is SourceArtist[] => l !== 'not-ready');
      if (best.length === 0) throw new SourceError('not-ready', NOT_READY);
      return best.reduce((a, b) => (b.length > a.length ? b : a));
    },
  };
}

export type Listenbrainz = ReturnType<typeof createListenbrainz>;

export function listenbrainzFromEnv(
  env: Pick<Env, 'LISTENBRAINZ_API_URL'>,
  shared: { fetch: typeof fetch },
): Listenbrainz {
  return createListenbrainz({
    apiUrl: env.LISTENBRAINZ_API_URL,
    timeoutMs: SOURCE_TIMEOUT_MS,
    fetch: shared.fetch,
  });
}
