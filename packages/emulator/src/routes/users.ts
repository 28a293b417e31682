import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Track } from '../data/catalogue.ts';
import { page } from '../shapes/common.ts';
import { artistObject, trackObject } from '../shapes/music.ts';
import { privateUser, publicUser, spotifyOwner } from '../shapes/users.ts';
import { ApiError, notFound, paging } from '../validate.ts';

const TIME_RANGES = new Set(['short_term', 'medium_term', 'long_term']);

function timeRange(value: string | undefined): void {
  if (value !== undefined && !TIME_RANGES.has(value)) throw new ApiError(400, 'Invalid time range');
}

/** A listener's top tracks: each top artist's lead tracks, interleaved by rank. */
export function topTracks(emu: Emulator, artistIds: string[]): Track[] {
  const perArtist = artistIds.map((id) =>
    (emu.cat.artistAlbums.get(id) ?? []).flatMap((albumId) => emu.cat.albums.get(albumId)?.trackIds ?? []),
  );
  const result: Track[] = [];
  for (let round = 0; round < 2; round++)
    for (const ids of perArtist) {
      const track = emu.cat.tracks.get(ids[round] ?? '');
      if (track) result.push(track);
    }
  return result;
}

export function userRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.get('/me', (c) => c.json(privateUser(originOf(c), c.get('listener'))));

  app.get('/users/:id', (c) => {
    const id = c.req.param('id');
    if (id === 'spotify')
      return c.json({ ...spotifyOwner(originOf(c)), followers: { href: null, total: 0 }, images: [] });
    const listener = emu.cat.listeners.get(id);
    if (!listener) throw notFound();
    return c.json(publicUser(originOf(c), listener));
  });

  app.get('/me/top/artists', (c) => {
    timeRange(c.req.query('time_range'));
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const artists = c.get('listener').top_artists.flatMap((id) => emu.cat.artists.get(id) ?? []);
    return c.json(page(c.req.url, artists, limit, offset, (a) => artistObject(emu, origin, a)));
  });

  app.get('/me/top/tracks', (c) => {
    timeRange(c.req.query('time_range'));
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const tracks = topTracks(emu, c.get('listener').top_artists);
    return c.json(page(c.req.url, tracks, limit, offset, (t) => trackObject(emu, origin, t)));
  });

  return app;
}
