import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Track } from '../data/catalogue.ts';
import { trackObject } from '../shapes/music.ts';
import { checkId, idList, market, notFound } from '../validate.ts';

export function trackRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const findTrack = (id: string): Track => {
    const track = emu.cat.tracks.get(checkId(id));
    if (!track) throw notFound();
    return track;
  };

  app.get('/tracks', (c) => {
    market(c);
    const origin = originOf(c);
    const ids = idList(c.req.query('ids'), 50);
    return c.json({
      tracks: ids.map((id) => {
        const track = emu.cat.tracks.get(id);
        return track ? trackObject(emu, origin, track) : null;
      }),
    });
  });

  app.get('/tracks/:id', (c) => {
    market(c);
    return c.json(trackObject(emu, originOf(c), findTrack(c.req.param('id'))));
  });

  return app;
}
