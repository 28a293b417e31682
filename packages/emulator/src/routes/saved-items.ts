import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { ApiError, parseUri } from '../validate.ts';
import { exists } from './library.ts';

function libraryUris(c: Context, emu: Emulator): { type: string; id: string; uri: string }[] {
  const raw = (c.req.query('uris') ?? '').split(',').filter(Boolean);
  if (raw.length === 0) throw new ApiError(400, 'Missing required parameter: uris');
  if (raw.length > 40) throw new ApiError(400, 'Too many uris requested');
  return raw.map((uri) => {
    const { type, id } = parseUri(uri);
    if (!exists(emu, type, id)) throw new ApiError(400, `Invalid Spotify URI: ${uri}`);
    return { type, id, uri };
  });
}

/** `/me/library`: one set of calls for saved items, followed artists and users, and playlists. */
export function savedItemRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const state = (c: Context<AppEnv>) => {
    const s = emu.store.listeners.get(c.get('listener').id);
    if (!s) throw new ApiError(404, 'Resource not found');
    return s;
  };

  app.put('/me/library', (c) => {
    const s = state(c);
    const at = new Date(emu.now()).toISOString();
    const me = c.get('listener').id;
    for (const { type, id, uri } of libraryUris(c, emu)) {
      if (type === 'artist' || type === 'user') s.follows.set(uri, s.follows.get(uri) ?? at);
      else if (type === 'playlist') emu.store.playlists.get(id)?.followers.add(me);
      else s.saved.set(uri, s.saved.get(uri) ?? at);
    }
    return c.body(null, 200);
  });

  app.delete('/me/library', (c) => {
    const s = state(c);
    const me = c.get('listener').id;
    for (const { type, id, uri } of libraryUris(c, emu)) {
      if (type === 'playlist') emu.store.playlists.get(id)?.followers.delete(me);
      else s.follows.delete(uri) || s.saved.delete(uri);
    }
    return c.body(null, 200);
  });

  app.get('/me/library/contains', (c) => {
    const s = state(c);
    const me = c.get('listener').id;
    return c.json(
      libraryUris(c, emu).map(({ type, id, uri }) =>
        type === 'playlist'
          ? (emu.store.playlists.get(id)?.followers.has(me) ?? false)
          : s.saved.has(uri) || s.follows.has(uri),
      ),
    );
  });

  return app;
}
