import { Hono } from 'hono';
import { musicbrainzId } from '../data/ids.ts';
import type { artistNamesById, ListenbrainzListener } from './data.ts';
import { bombOf, delayOf, faultControls, type SourceFault, takeFault } from './faults.ts';
import { escapeHtml, page } from './page.ts';

interface ListenbrainzOptions {
  listeners: ListenbrainzListener[];
  names: ReturnType<typeof artistNamesById>;
  control: boolean;
  now: () => number;
}

const RANGES = new Set([
  'this_week',
  'this_month',
  'this_year',
  'week',
  'month',
  'quarter',
  'year',
  'half_yearly',
  'all_time',
]);

/** A local ListenBrainz: validate-token, user artist statistics (204 before they are computed), 429 and faults. */
export function listenbrainzRoutes(options: ListenbrainzOptions) {
  const app = new Hono();
  const faults: SourceFault[] = [];
  const calls: Record<string, number> = {};

  app.use('/1/*', async (c, next) => {
    const key = c.req.path.replace(/^\/listenbrainz/, '');
    calls[key] = (calls[key] ?? 0) + 1;
    const fault = takeFault(faults, key);
    await delayOf(fault);
    const bomb = bombOf(fault);
    if (bomb) return bomb;
    if (fault?.status === 429) {
      c.header('X-RateLimit-Limit', '30');
      c.header('X-RateLimit-Remaining', '0');
      c.header('X-RateLimit-Reset-In', String(fault.retryAfter ?? 10));
      return c.json({ code: 429, error: 'Too many requests' }, 429);
    }
    if (fault?.status !== undefined) return c.json({ code: fault.status, error: 'Fault' }, fault.status);
    await next();
  });

  app.get('/1/validate-token', (c) => {
    const given = /^Token (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? c.req.query('token');
    const account = options.listeners.find((l) => l.token === given);
    if (!account) return c.json({ code: 200, message: 'Token invalid.', valid: false });
    return c.json({ code: 200, message: 'Token valid.', valid: true, user_name: account.name });
  });

  app.get('/1/stats/user/:user/artists', (c) => {
    const account = options.listeners.find((l) => l.name === c.req.param('user'));
    if (!account) return c.json({ code: 404, error: `Cannot find user: ${c.req.param('user')}` }, 404);
    const range = c.req.query('range') ?? 'all_time';
    if (!RANGES.has(range)) return c.json({ code: 400, error: `Invalid range: ${range}` }, 400);
    if (account.stats === false) return c.body(null, 204);
    const count = Math.min(Math.max(Number(c.req.query('count') ?? 25) || 25, 1), 100);
    const offset = Math.max(Number(c.req.query('offset') ?? 0) || 0, 0);
    const all =
      range === 'this_month' ? account.top_artists.slice(0, account.this_month) : account.top_artists;
    const artists = all.slice(offset, offset + count).map((id, i) => ({
      // As on ListenBrainz, most artists carry their MusicBrainz id; a few (every seventh) do not.
      artist_mbids: (offset + i) % 7 === 6 ? [] : [musicbrainzId(id)],
      artist_name: options.names.get(id) ?? id,
      listen_count: 300 - (offset + i) * 5,
    }));
    const to = Math.floor(options.now() / 1000);
    return c.json({
      payload: {
        artists,
        count: artists.length,
        offset,
        range,
        from_ts: to - 30 * 86_400,
        to_ts: to,
        last_updated: to - 3600,
        total_artist_count: all.length,
        user_id: account.name,
      },
    });
  });

  // Where a listener finds their user token (the real one is https://listenbrainz.org/settings/).
  app.get('/settings/', (c) =>
    c.html(
      page(
        'User settings – ListenBrainz emulator',
        'Your user token',
        `<p>This is a local ListenBrainz. Copy the token of a demo account:</p><ul>${options.listeners
          .map((l) => `<li>${escapeHtml(l.name)}: <code>${escapeHtml(l.token)}</code></li>`)
          .join('')}</ul>`,
      ),
    ),
  );

  if (options.control) {
    faultControls(app, { faults, calls });
  }
  return app;
}
