import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { page } from '../shapes/common.ts';
import { artistObject, simpleAlbum, trackObject } from '../shapes/music.ts';
import { simplePlaylist } from '../shapes/playlists.ts';
import { simpleEpisode, simpleShow } from '../shapes/podcasts.ts';
import { ApiError, market, paging } from '../validate.ts';

const TYPES = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'] as const;

/** Folds case and marks so "beyonce" finds "Beyoncé". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function searchRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.get('/search', (c) => {
    const q = c.req.query('q');
    if (!q?.trim()) throw new ApiError(400, 'No search query');
    const typeParam = c.req.query('type');
    if (!typeParam) throw new ApiError(400, 'Missing parameter type');
    const types = typeParam.split(',');
    if (types.some((t) => !(TYPES as readonly string[]).includes(t)))
      throw new ApiError(400, 'Bad search type field');
    market(c);
    const { limit, offset } = paging(c);
    if (offset > 1000) throw new ApiError(400, 'Invalid offset');
    const origin = originOf(c);
    // Field filters such as artist:"x" are matched as plain words.
    const words = fold(q.replace(/\b\w+:/g, ' ').replace(/"/g, ' '))
      .split(/\s+/)
      .filter(Boolean);
    const hit = (name: string) => {
      const n = fold(name);
      return words.every((w) => n.includes(w));
    };
    const url = (type: string) => {
      const u = new URL(c.req.url);
      u.searchParams.set('type', type);
      return u.toString();
    };
    const result: Record<string, unknown> = {};
    const add = <T>(type: string, key: string, all: T[], name: (x: T) => string, map: (x: T) => unknown) => {
      if (types.includes(type))
        result[key] = page(
          url(type),
          all.filter((x) => hit(name(x))),
          limit,
          offset,
          map,
        );
    };
    add(
      'artist',
      'artists',
      [...emu.cat.artists.values()],
      (a) => a.name,
      (a) => artistObject(emu, origin, a),
    );
    add(
      'album',
      'albums',
      [...emu.cat.albums.values()],
      (a) => `${a.name} ${a.artistIds.map((id) => emu.cat.artists.get(id)?.name).join(' ')}`,
      (a) => simpleAlbum(emu, origin, a),
    );
    add(
      'track',
      'tracks',
      [...emu.cat.tracks.values()],
      (t) => `${t.name} ${t.artistIds.map((id) => emu.cat.artists.get(id)?.name).join(' ')}`,
      (t) => trackObject(emu, origin, t),
    );
    add(
      'playlist',
      'playlists',
      [...emu.store.playlists.values()].filter((p) => p.public),
      (p) => p.name,
      (p) => simplePlaylist(emu, origin, p),
    );
    add(
      'show',
      'shows',
      [...emu.cat.shows.values()],
      (s) => s.name,
      (s) => simpleShow(origin, s),
    );
    add(
      'episode',
      'episodes',
      [...emu.cat.episodes.values()],
      (e) => e.name,
      (e) => simpleEpisode(origin, e),
    );
    add(
      'audiobook',
      'audiobooks',
      // The catalogue has no audiobooks: the section is always empty.
      [] as never[],
      () => '',
      () => null,
    );
    return c.json(result);
  });

  return app;
}
