import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Episode, Show } from '../data/catalogue.ts';
import { page } from '../shapes/common.ts';
import { episodeObject, showObject, simpleEpisode, simpleShow } from '../shapes/podcasts.ts';
import { checkId, idList, market, notFound, paging } from '../validate.ts';

export function showRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const findShow = (id: string): Show => {
    const show = emu.cat.shows.get(checkId(id));
    if (!show) throw notFound();
    return show;
  };
  const findEpisode = (id: string): Episode => {
    const episode = emu.cat.episodes.get(checkId(id));
    if (!episode) throw notFound();
    return episode;
  };

  app.get('/shows', (c) => {
    market(c);
    const origin = originOf(c);
    const ids = idList(c.req.query('ids'), 50);
    return c.json({
      shows: ids.map((id) => {
        const show = emu.cat.shows.get(id);
        return show ? simpleShow(origin, show) : null;
      }),
    });
  });

  app.get('/shows/:id', (c) => {
    market(c);
    return c.json(showObject(emu, originOf(c), findShow(c.req.param('id'))));
  });

  app.get('/shows/:id/episodes', (c) => {
    market(c);
    const show = findShow(c.req.param('id'));
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const episodes = show.episodeIds.flatMap((id) => emu.cat.episodes.get(id) ?? []);
    return c.json(page(c.req.url, episodes, limit, offset, (e) => simpleEpisode(origin, e)));
  });

  app.get('/episodes', (c) => {
    market(c);
    const origin = originOf(c);
    const ids = idList(c.req.query('ids'), 50);
    return c.json({
      episodes: ids.map((id) => {
        const episode = emu.cat.episodes.get(id);
        return episode ? episodeObject(emu, origin, episode) : null;
      }),
    });
  });

  app.get('/episodes/:id', (c) => {
    market(c);
    return c.json(episodeObject(emu, originOf(c), findEpisode(c.req.param('id'))));
  });

  return app;
}
