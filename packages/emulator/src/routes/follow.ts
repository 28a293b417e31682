import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { artistObject } from '../shapes/music.ts';
import { ApiError, checkId, checkUserId, idList, jsonBody, notFound, optionalInt } from '../validate.ts';
import { idsFromRequest } from './library.ts';

function followType(c: Context): 'artist' | 'user' {
  const type = c.req.query('type');
  if (type !== 'artist' && type !== 'user') throw new ApiError(400, 'Invalid type, must be artist or user');
  return type;
}

export function followRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const follows = (c: Context<AppEnv>) => {
    const s = emu.store.listeners.get(c.get('listener').id);
    if (!s) throw notFound();
    return s.follows;
  };

  app.get('/me/following', (c) => {
    if (c.req.query('type') !== 'artist') throw new ApiError(400, 'Only artist is a valid type');
    const limit = optionalInt(c, 'limit', 1, 50) ?? 20;
    const after = c.req.query('after');
    const origin = originOf(c);
    const ids = [...follows(c).keys()]
      .filter((uri) => uri.startsWith('spotify:artist:'))
      .map((uri) => uri.slice('spotify:artist:'.length))
      .sort();
    const start = after ? ids.findIndex((id) => id > after) : 0;
    const slice = start < 0 ? [] : ids.slice(start, start + limit);
    const last = slice.at(-1);
    const more = start >= 0 && start + limit < ids.length;
    const url = new URL(c.req.url);
    if (last) url.searchParams.set('after', last);
    return c.json({
      artists: {
        href: c.req.url,
        items: slice.flatMap((id) => {
          const a = emu.cat.artists.get(id);
          return a ? [artistObject(emu, origin, a)] : [];
        }),
        limit,
        // The schema types next and the cursor as strings: absent rather than null on the last page.
        ...(more ? { next: url.toString() } : {}),
        cursors: more && last ? { after: last } : {},
        total: ids.length,
      },
    });
  });

  const change = (add: boolean) => async (c: Context<AppEnv>) => {
    const type = followType(c);
    const ids = await idsFromRequest(c, 50, type === 'user' ? checkUserId : checkId);
    const known = type === 'artist' ? emu.cat.artists : emu.cat.listeners;
    if (ids.some((id) => !known.has(id))) throw notFound();
    const map = follows(c);
    const at = new Date(emu.now()).toISOString();
    for (const id of ids) {
      const uri = `spotify:${type}:${id}`;
      if (add) map.set(uri, map.get(uri) ?? at);
      else map.delete(uri);
    }
    return c.body(null, 204);
  };
  app.put('/me/following', change(true));
  app.delete('/me/following', change(false));

  app.get('/me/following/contains', (c) => {
    const type = followType(c);
    const map = follows(c);
    return c.json(
      idList(c.req.query('ids'), 50, type === 'user' ? checkUserId : checkId).map((id) =>
        map.has(`spotify:${type}:${id}`),
      ),
    );
  });

  const playlist = (id: string) => {
    const p = emu.store.playlists.get(checkId(id));
    if (!p) throw notFound();
    return p;
  };
  app.put('/playlists/:id/followers', async (c) => {
    const p = playlist(c.req.param('id'));
    await jsonBody(c);
    p.followers.add(c.get('listener').id);
    return c.body(null, 200);
  });
  app.delete('/playlists/:id/followers', (c) => {
    playlist(c.req.param('id')).followers.delete(c.get('listener').id);
    return c.body(null, 200);
  });
  app.get('/playlists/:id/followers/contains', (c) => {
    const p = playlist(c.req.param('id'));
    const raw = c.req.query('ids') ?? c.get('listener').id;
    const ids = raw.split(',').filter(Boolean);
    if (ids.length > 5) throw new ApiError(400, 'Too many ids requested');
    return c.json(ids.map((id) => p.followers.has(id)));
  });

  return app;
}
