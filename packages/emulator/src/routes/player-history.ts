import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { playableObject } from '../shapes/items.ts';
import { trackObject } from '../shapes/music.ts';
import { currentUri } from '../shapes/player.ts';
import { ApiError, optionalInt } from '../validate.ts';
import { listenerState } from './player-control.ts';

/** The queue and the listening history. */
export function playerHistoryRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.get('/me/player/queue', (c) => {
    const { player } = listenerState(emu, c);
    const origin = originOf(c);
    const uri = currentUri(player);
    const upcoming = uri ? [...player.queue, ...player.list.slice(player.index + 1)].slice(0, 20) : [];
    return c.json({
      currently_playing: uri ? (playableObject(emu, origin, uri) ?? null) : null,
      queue: upcoming.flatMap((u) => playableObject(emu, origin, u) ?? []),
    });
  });

  app.get('/me/player/recently-played', (c) => {
    const { played } = listenerState(emu, c);
    const limit = optionalInt(c, 'limit', 1, 50) ?? 20;
    const after = optionalInt(c, 'after', 0, Number.MAX_SAFE_INTEGER);
    const before = optionalInt(c, 'before', 0, Number.MAX_SAFE_INTEGER);
    if (after !== undefined && before !== undefined)
      throw new ApiError(400, 'Only one of after and before may be given');
    const origin = originOf(c);
    const matching = played.filter((p) => {
      const at = Date.parse(p.playedAt);
      return (after === undefined || at > after) && (before === undefined || at < before);
    });
    const items = matching.slice(0, limit).flatMap((p) => {
      const track = emu.cat.tracks.get(p.uri.split(':')[2] ?? '');
      return track ? [{ track: trackObject(emu, origin, track), played_at: p.playedAt }] : [];
    });
    const oldest = items.at(-1)?.played_at;
    const newest = items[0]?.played_at;
    const next = new URL(c.req.url);
    next.searchParams.delete('after');
    if (oldest) next.searchParams.set('before', String(Date.parse(oldest)));
    return c.json({
      href: c.req.url,
      items,
      limit,
      ...(matching.length > limit ? { next: next.toString() } : {}),
      cursors: {
        ...(newest ? { after: String(Date.parse(newest)) } : {}),
        ...(oldest ? { before: String(Date.parse(oldest)) } : {}),
      },
    });
  });

  return app;
}
