import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Album } from '../data/catalogue.ts';
import { page } from '../shapes/common.ts';
import { albumObject, simpleTrack } from '../shapes/music.ts';
import { checkId, idList, market, notFound, paging } from '../validate.ts';

export function albumRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const findAlbum = (id: string): Album => {
    const album = emu.cat.albums.get(checkId(id));
    if (!album) throw notFound();
    return album;
  };

  app.get('/albums', (c) => {
    market(c);
    const origin = originOf(c);
    const ids = idList(c.req.query('ids'), 20);
    return c.json({
      albums: ids.map((id) => {
        const album = emu.cat.albums.get(id);
        return album ? albumObject(emu, origin, album) : null;
      }),
    });
  });

  app.get('/albums/:id', (c) => {
    market(c);
    return c.json(albumObject(emu, originOf(c), findAlbum(c.req.param('id'))));
  });

  app.get('/albums/:id/tracks', (c) => {
    market(c);
    const album = findAlbum(c.req.param('id'));
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const tracks = album.trackIds.flatMap((id) => emu.cat.tracks.get(id) ?? []);
    return c.json(page(c.req.url, tracks, limit, offset, (t) => simpleTrack(emu, origin, t)));
  });

  return app;
}
