import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { seeded } from '../data/ids.ts';
import { GENRES } from '../data/names.ts';
import { analysis, features } from '../shapes/audio.ts';
import { trackObject } from '../shapes/music.ts';
import { ApiError, checkId, idList, notFound, optionalInt } from '../validate.ts';

export function audioRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const findTrack = (id: string) => {
    const track = emu.cat.tracks.get(checkId(id));
    if (!track) throw notFound();
    return track;
  };

  app.get('/audio-features', (c) => {
    const origin = originOf(c);
    return c.json({
      audio_features: idList(c.req.query('ids'), 100).map((id) => {
        const track = emu.cat.tracks.get(id);
        return track ? features(origin, track) : null;
      }),
    });
  });
  app.get('/audio-features/:id', (c) => c.json(features(originOf(c), findTrack(c.req.param('id')))));
  app.get('/audio-analysis/:id', (c) => c.json(analysis(findTrack(c.req.param('id')))));

  app.get('/recommendations/available-genre-seeds', (c) => c.json({ genres: GENRES }));

  app.get('/recommendations', (c) => {
    const limit = optionalInt(c, 'limit', 1, 100) ?? 20;
    const list = (name: string) => (c.req.query(name) ?? '').split(',').filter(Boolean);
    const artists = list('seed_artists');
    const genres = list('seed_genres');
    const tracks = list('seed_tracks');
    const seeds = artists.length + genres.length + tracks.length;
    if (seeds === 0)
      throw new ApiError(400, 'Missing seed: at least one of seed_artists, seed_genres, seed_tracks');
    if (seeds > 5) throw new ApiError(400, 'Too many seeds, at most 5 are allowed');
    if (artists.some((id) => !emu.cat.artists.has(checkId(id))))
      throw new ApiError(400, 'Invalid artist seed');
    if (tracks.some((id) => !emu.cat.tracks.has(checkId(id)))) throw new ApiError(400, 'Invalid track seed');
    if (genres.some((g) => !GENRES.includes(g))) throw new ApiError(400, 'Invalid genre seed');
    const origin = originOf(c);
    const pool = [...emu.cat.tracks.values()].filter(
      (t) =>
        t.artistIds.some(
          (a) => artists.includes(a) || genres.some((g) => emu.cat.artists.get(a)?.genres?.includes(g)),
        ) || tracks.length > 0,
    );
    const start = Math.floor(seeded(`rec:${c.req.url}`) * Math.max(1, pool.length - limit));
    const seedObject = (type: string, id: string) => ({
      afterFilteringSize: pool.length,
      afterRelinkingSize: pool.length,
      ...(type === 'GENRE' ? {} : { href: `${origin}/v1/${type.toLowerCase()}s/${id}` }),
      id,
      initialPoolSize: pool.length,
      type,
    });
    return c.json({
      seeds: [
        ...artists.map((id) => seedObject('ARTIST', id)),
        ...tracks.map((id) => seedObject('TRACK', id)),
        ...genres.map((g) => seedObject('GENRE', g)),
      ],
      tracks: pool.slice(start, start + limit).map((t) => trackObject(emu, origin, t)),
    });
  });

  return app;
}
