import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { musicbrainzId } from '../data/ids.ts';
import type { artistNamesById, LastfmListener } from './data.ts';
import { bombOf, delayOf, faultControls, type SourceFault, takeFault } from './faults.ts';
import { escapeHtml, page } from './page.ts';

/** The API account the local Last.fm knows (demo mode and tests use it). */
export const DEMO_LASTFM = {
  apiKey: 'heavy-rotation-demo-lastfm-key',
  secret: 'heavy-rotation-demo-lastfm-secret',
};

// Last.fm's grey star, served for every artist image since 2019.
const PLACEHOLDER = 'https://lastfm.freetls.fastly.net/i/u/300x300/2a96cbd8b46e442fc41c2b86b821562f.png';
const MESSAGES: Record<number, string> = {
  4: 'Invalid authentication token supplied',
  6: 'User not found',
  8: 'Operation failed - Most likely the backend service failed. Please try again.',
  9: 'Invalid session key - Please re-authenticate',
  10: 'Invalid API key - You must be granted a valid key by last.fm',
  11: 'Service Offline - This service is temporarily offline. Try again later.',
  13: 'Invalid method signature supplied',
  16: 'There was a temporary error processing your request. Please try again',
  29: 'Rate limit exceeded - Your IP has made too many requests in a short period',
};

// Written apart from the server's signing on purpose: the emulator checks the server's signature, and
// sharing one function would let a mistake in it pass on both sides.
/** api_sig: md5 of the parameters sorted by name, each name then value, then the secret (format and callback left out). */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'format' && k !== 'callback' && k !== 'api_sig')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex');
}

interface LastfmOptions {
  listeners: LastfmListener[];
  names: ReturnType<typeof artistNamesById>;
  control: boolean;
  now: () => number;
}

/** A local Last.fm: web authentication, auth.getSession, user.getInfo, user.getTopArtists, errors and faults. */
export function lastfmRoutes(options: LastfmOptions) {
  const app = new Hono();
  const tokens = new Map<string, { name: string | null; expiresAt: number }>();
  const sessions = new Map<string, string>();
  const faults: SourceFault[] = [];
  const calls: Record<string, number> = {};
  const listener = (name: string | undefined) =>
    options.listeners.find((l) => l.name.toLowerCase() === (name ?? '').toLowerCase());

  app.get('/api/auth/', (c) => {
    const { api_key: apiKey, cb } = c.req.query();
    if (apiKey !== DEMO_LASTFM.apiKey)
      return c.html(
        page('Last.fm', 'Invalid API key', '<p role="alert">This application is not known.</p>'),
        400,
      );
    if (!cb || !URL.canParse(cb))
      return c.html(
        page('Last.fm', 'No way back', '<p role="alert">The application gave no callback.</p>'),
        400,
      );
    const buttons = options.listeners
      .map(
        (l) =>
          `<button type="submit" name="name" value="${escapeHtml(l.name)}">Log in as ${escapeHtml(l.realname ?? l.name)}</button>`,
      )
      .join('');
    return c.html(
      page(
        'Connect application – Last.fm emulator',
        'Connect your Last.fm account',
        `<p>This is a local Last.fm. Choose a demo account to let Heavy Rotation read your top artists.</p><form method="post" action="/lastfm/api/auth/"><input type="hidden" name="cb" value="${escapeHtml(cb)}">${buttons}<button type="submit" class="secondary" name="cancel" value="1">Cancel</button></form>`,
      ),
    );
  });

  app.post('/api/auth/', async (c) => {
    const form = await c.req.parseBody();
    const cb = typeof form.cb === 'string' && URL.canParse(form.cb) ? new URL(form.cb) : undefined;
    if (!cb) return c.html(page('Last.fm', 'No way back', '<p role="alert">No callback.</p>'), 400);
    if (form.cancel) return c.redirect(cb.toString(), 303);
    const account = listener(typeof form.name === 'string' ? form.name : undefined);
    if (!account)
      return c.html(page('Last.fm', 'Unknown account', '<p role="alert">No such account.</p>'), 400);
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { name: account.name, expiresAt: options.now() + 60 * 60_000 });
    cb.searchParams.set('token', token);
    return c.redirect(cb.toString(), 303);
  });

  app.all('/2.0/', async (c) => {
    const params: Record<string, string> = { ...c.req.query() };
    if (c.req.method === 'POST') {
      const form = await c.req.parseBody();
      for (const [k, v] of Object.entries(form)) if (typeof v === 'string') params[k] = v;
    }
    const method = params.method ?? '';
    calls[method] = (calls[method] ?? 0) + 1;
    const error = (code: number, status: ContentfulStatusCode = 200) =>
      c.json({ error: code, message: MESSAGES[code] ?? 'Error' }, status);
    const fault = takeFault(faults, method);
    await delayOf(fault);
    const bomb = bombOf(fault);
    if (bomb) return bomb;
    if (fault?.error !== undefined) return error(fault.error, fault.status ?? 200);
    if (fault?.status !== undefined) return c.text('Service Unavailable', fault.status);
    if (params.api_key !== DEMO_LASTFM.apiKey) return error(10, 403);
    const signed = params.api_sig !== undefined;
    if (signed && params.api_sig !== lastfmSignature(params, DEMO_LASTFM.secret)) return error(13, 403);
    if (params.sk !== undefined && !sessions.has(params.sk)) return error(9, 403);

    if (method === 'auth.getSession') {
      if (!signed) return error(13, 403);
      const entry = tokens.get(params.token ?? '');
      if (!entry?.name || entry.expiresAt < options.now()) return error(4, 403);
      tokens.delete(params.token ?? '');
      const key = randomBytes(16).toString('hex');
      sessions.set(key, entry.name);
      return c.json({ session: { name: entry.name, key, subscriber: 0 } });
    }
    const account = listener(params.user ?? (params.sk ? sessions.get(params.sk) : undefined));
    if (method === 'user.getInfo') {
      if (!account) return error(6, 404);
      return c.json({
        user: {
          name: account.name,
          realname: account.realname ?? '',
          url: `https://www.last.fm/user/${encodeURIComponent(account.name)}`,
          image: [{ size: 'large', '#text': PLACEHOLDER }],
          playcount: String(account.top_artists.length * 37),
        },
      });
    }
    if (method === 'user.getTopArtists') {
      if (!account) return error(6, 404);
      const limit = Math.min(Math.max(Number(params.limit ?? 50) || 50, 1), 1000);
      const artists = account.top_artists.slice(0, limit).map((id, i) => {
        const name = options.names.get(id) ?? id;
        return {
          name,
          playcount: String(400 - i * 7),
          // As on Last.fm, most artists carry their MusicBrainz id; a few (every fifth) do not.
          mbid: i % 5 === 4 ? '' : musicbrainzId(id),
          url: `https://www.last.fm/music/${encodeURIComponent(name)}`,
          streamable: '0',
          image: ['small', 'medium', 'large', 'extralarge', 'mega'].map((size) => ({
            size,
            '#text': PLACEHOLDER,
          })),
          '@attr': { rank: String(i + 1) },
        };
      });
      return c.json({
        topartists: {
          artist: artists,
          '@attr': {
            user: account.name,
            totalPages: '1',
            page: '1',
            perPage: String(limit),
            total: String(account.top_artists.length),
          },
        },
      });
    }
    return error(3, 400);
  });

  if (options.control) {
    faultControls(app, { faults, calls });
    /** Revokes every session of an account, as unlinking the app on Last.fm does. */
    app.post('/_control/revoke', async (c) => {
      const body: unknown = await c.req.json().catch(() => null);
      const name = body && typeof body === 'object' && 'name' in body ? body.name : undefined;
      for (const [key, owner] of sessions) if (owner === name) sessions.delete(key);
      return c.body(null, 204);
    });
  }
  return app;
}
