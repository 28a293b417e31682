import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { ArtistRecord } from '../data/types.ts';
import { page } from '../shapes/common.ts';
import { artistObject, simpleAlbum, trackObject } from '../shapes/music.ts';
import { ApiError, checkId, idList, market, notFound, paging } from '../validate.ts';

const GROUPS = new Set(['album', 'single', 'appears_on', 'compilation']);

export function artistRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const find = (id: string): ArtistRecord => {
    const artist = emu.cat.artists.get(checkId(id));
    if (!artist) throw notFound();
    return artist;
  };

  app.get('/artists', (c) => {
    const ids = idList(c.req.query('ids'), 50);
    const origin = originOf(c);
    return c.json({
      artists: ids.map((id) => {
        const artist = emu.cat.artists.get(id);
        return artist ? artistObject(emu, origin, artist) : null;
      }),
    });
  });

  app.get('/artists/:id', (c) => c.json(artistObject(emu, originOf(c), find(c.req.param('id')))));

  app.get('/artists/:id/albums', (c) => {
    const artist = find(c.req.param('id'));
    const groups = (c.req.query('include_groups') ?? 'album,single,appears_on,compilation').split(',');
    if (groups.some((g) => !GROUPS.has(g))) throw new ApiError(400, 'Invalid include_groups');
    market(c);
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const albums = (emu.cat.artistAlbums.get(artist.id) ?? [])
      .flatMap((id) => emu.cat.albums.get(id) ?? [])
      .filter((a) => groups.includes(a.albumType));
    return c.json(
      page(c.req.url, albums, limit, offset, (a) => ({
        ...simpleAlbum(emu, origin, a),
        album_group: a.albumType,
      })),
    );
  });

  app.get('/artists/:id/top-tracks', (c) => {
    const artist = find(c.req.param('id'));
    market(c);
    const origin = originOf(c);
    const tracks = [...emu.cat.tracks.values()].filter((t) => t.artistIds.includes(artist.id));
    tracks.sort((a, b) => b.popularity - a.popularity);
    return c.json({ tracks: tracks.slice(0, 10).map((t) => trackObject(emu, origin, t)) });
  });

  app.get('/artists/:id/related-artists', (c) => {
    const artist = find(c.req.param('id'));
    const origin = originOf(c);
    const genre = artist.genres?.[0];
    const related = [...emu.cat.artists.values()]
      .filter((a) => a.id !== artist.id && (genre === undefined || a.genres?.includes(genre)))
      .slice(0, 20);
    return c.json({ artists: related.map((a) => artistObject(emu, origin, a)) });
  });

  return app;
}
