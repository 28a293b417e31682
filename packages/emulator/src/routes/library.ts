import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { page } from '../shapes/common.ts';
import { albumObject, trackObject } from '../shapes/music.ts';
import { episodeObject, simpleShow } from '../shapes/podcasts.ts';
import { ApiError, checkId, idList, jsonBody, paging } from '../validate.ts';

interface Kind {
  type: 'track' | 'album' | 'show' | 'episode';
  maxIds: number;
  object: (emu: Emulator, origin: string, id: string) => object | undefined;
}

const KINDS: Record<string, Kind> = {
  tracks: {
    type: 'track',
    maxIds: 50,
    object: (emu, origin, id) => {
      const t = emu.cat.tracks.get(id);
      return t && trackObject(emu, origin, t);
    },
  },
  albums: {
    type: 'album',
    maxIds: 20,
    object: (emu, origin, id) => {
      const a = emu.cat.albums.get(id);
      return a && albumObject(emu, origin, a);
    },
  },
  shows: {
    type: 'show',
    maxIds: 50,
    object: (emu, origin, id) => {
      const s = emu.cat.shows.get(id);
      return s && simpleShow(origin, s);
    },
  },
  episodes: {
    type: 'episode',
    maxIds: 50,
    object: (emu, origin, id) => {
      const e = emu.cat.episodes.get(id);
      return e && episodeObject(emu, origin, e);
    },
  },
};

/** Ids from the `ids` query or a JSON body `{ "ids": [...] }`, as Spotify accepts both. */
export async function idsFromRequest(c: Context, max: number, check = checkId): Promise<string[]> {
  const query = c.req.query('ids');
  if (query !== undefined) return idList(query, max, check);
  const body = await jsonBody(c);
  const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
  if (!Array.isArray(body.ids) || ids.length !== body.ids.length)
    throw new ApiError(400, 'Missing required parameter: ids');
  return idList(ids, max, check);
}

export function exists(emu: Emulator, type: string, id: string): boolean {
  const map = {
    track: emu.cat.tracks,
    album: emu.cat.albums,
    show: emu.cat.shows,
    episode: emu.cat.episodes,
  }[type];
  if (map) return map.has(id);
  if (type === 'artist') return emu.cat.artists.has(id);
  if (type === 'user') return emu.cat.listeners.has(id);
  if (type === 'playlist') return emu.store.playlists.has(id);
  return false;
}

export function libraryRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const state = (c: Context<AppEnv>) => {
    const s = emu.store.listeners.get(c.get('listener').id);
    if (!s) throw new ApiError(404, 'Resource not found');
    return s;
  };

  for (const [path, kind] of Object.entries(KINDS)) {
    app.get(`/me/${path}`, (c) => {
      const { limit, offset } = paging(c);
      const origin = originOf(c);
      const prefix = `spotify:${kind.type}:`;
      const saved = [...state(c).saved.entries()]
        .filter(([uri]) => uri.startsWith(prefix))
        .sort((a, b) => b[1].localeCompare(a[1]));
      return c.json(
        page(c.req.url, saved, limit, offset, ([uri, addedAt]) => ({
          added_at: addedAt,
          [kind.type]: kind.object(emu, origin, uri.slice(prefix.length)),
        })),
      );
    });
    app.get(`/me/${path}/contains`, (c) => {
      const saved = state(c).saved;
      return c.json(
        idList(c.req.query('ids'), kind.maxIds).map((id) => saved.has(`spotify:${kind.type}:${id}`)),
      );
    });
    app.put(`/me/${path}`, async (c) => {
      const ids = await idsFromRequest(c, kind.maxIds);
      if (ids.some((id) => !exists(emu, kind.type, id))) throw new ApiError(404, 'Resource not found');
      const saved = state(c).saved;
      const at = new Date(emu.now()).toISOString();
      for (const id of ids)
        if (!saved.has(`spotify:${kind.type}:${id}`)) saved.set(`spotify:${kind.type}:${id}`, at);
      return c.body(null, 200);
    });
    app.delete(`/me/${path}`, async (c) => {
      const ids = await idsFromRequest(c, kind.maxIds);
      const saved = state(c).saved;
      for (const id of ids) saved.delete(`spotify:${kind.type}:${id}`);
      return c.body(null, 200);
    });
  }

  return app;
}
