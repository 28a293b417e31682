import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { page } from '../shapes/common.ts';
import { knownPlayable } from '../shapes/items.ts';
import { playlistItem, snapshotId } from '../shapes/playlists.ts';
import type { PlaylistState } from '../store.ts';
import { ApiError, asRecord, jsonBody, paging, parseUri } from '../validate.ts';
import { editable, findPlaylist } from './playlists.ts';

type Body = Record<string, unknown>;

function uris(emu: Emulator, c: Context, body: Body): string[] | undefined {
  const raw = Array.isArray(body.uris) ? body.uris : c.req.query('uris')?.split(',');
  if (raw === undefined) return undefined;
  if (raw.length > 100) throw new ApiError(400, 'You can add a maximum of 100 tracks per request.');
  return raw.map((uri) => {
    if (typeof uri !== 'string') throw new ApiError(400, 'Invalid track uri');
    parseUri(uri);
    if (!knownPlayable(emu, uri)) throw new ApiError(400, `Invalid track uri: ${uri}`);
    return uri;
  });
}

const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function checkSnapshot(playlist: PlaylistState, body: Body): void {
  if (body.snapshot_id !== undefined && body.snapshot_id !== snapshotId(playlist))
    throw new ApiError(400, 'Invalid snapshot id');
}

function removeItems(playlist: PlaylistState, body: Body): void {
  checkSnapshot(playlist, body);
  if (Array.isArray(body.positions)) {
    if (!body.positions.every((p) => int(p) && p < playlist.items.length))
      throw new ApiError(400, 'Invalid positions');
    const drop = new Set(body.positions.filter(int));
    playlist.items = playlist.items.filter((_, i) => !drop.has(i));
    return;
  }
  const list = Array.isArray(body.items) ? body.items : Array.isArray(body.tracks) ? body.tracks : undefined;
  if (!list) throw new ApiError(400, 'Missing items to remove');
  if (list.length > 100) throw new ApiError(400, 'Too many tracks in request');
  for (const entry of list) {
    const fields = asRecord(entry);
    const uri = fields?.uri;
    if (typeof uri !== 'string') throw new ApiError(400, 'Invalid track uri');
    parseUri(uri);
    const positions = fields?.positions;
    if (Array.isArray(positions)) {
      const drop = new Set(positions.filter(int));
      playlist.items = playlist.items.filter((item, i) => !(drop.has(i) && item.uri === uri));
    } else {
      playlist.items = playlist.items.filter((item) => item.uri !== uri);
    }
  }
}

function reorder(playlist: PlaylistState, body: Body): void {
  checkSnapshot(playlist, body);
  const length = body.range_length ?? 1;
  const { range_start: start, insert_before: before } = body;
  const size = playlist.items.length;
  if (!int(start) || start >= size) throw new ApiError(400, 'Invalid range_start');
  if (!int(length) || length < 1 || start + length > size) throw new ApiError(400, 'Invalid range_length');
  if (!int(before) || before > size) throw new ApiError(400, 'Invalid insert_before');
  const moved = playlist.items.slice(start, start + length);
  const rest = [...playlist.items.slice(0, start), ...playlist.items.slice(start + length)];
  const at = before > start ? before - length : before;
  rest.splice(Math.max(0, at), 0, ...moved);
  playlist.items = rest;
}

export function playlistItemRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  for (const path of ['items', 'tracks'] as const) {
    app.get(`/playlists/:id/${path}`, (c) => {
      const playlist = findPlaylist(emu, c.req.param('id'));
      const { limit, offset } = paging(c, path === 'items' ? 50 : 100, path === 'items' ? 20 : 100);
      const origin = originOf(c);
      return c.json(page(c.req.url, playlist.items, limit, offset, (i) => playlistItem(emu, origin, i)));
    });

    app.post(`/playlists/:id/${path}`, async (c) => {
      const playlist = editable(c, findPlaylist(emu, c.req.param('id')));
      const body = await jsonBody(c);
      const added = uris(emu, c, body);
      if (!added?.length) throw new ApiError(400, 'No uris provided');
      const position = body.position ?? c.req.query('position');
      const at = position === undefined ? playlist.items.length : Number(position);
      if (!Number.isInteger(at) || at < 0 || at > playlist.items.length)
        throw new ApiError(400, 'Invalid position');
      const addedAt = new Date(emu.now()).toISOString();
      const me = c.get('listener').id;
      playlist.items.splice(at, 0, ...added.map((uri) => ({ uri, addedAt, addedBy: me })));
      playlist.version += 1;
      return c.json({ snapshot_id: snapshotId(playlist) }, 201);
    });

    app.put(`/playlists/:id/${path}`, async (c) => {
      const playlist = editable(c, findPlaylist(emu, c.req.param('id')));
      const body = await jsonBody(c);
      if (body.range_start !== undefined) {
        reorder(playlist, body);
      } else {
        const replaced = uris(emu, c, body);
        if (!replaced) throw new ApiError(400, 'Missing uris or range_start');
        const addedAt = new Date(emu.now()).toISOString();
        const me = c.get('listener').id;
        playlist.items = replaced.map((uri) => ({ uri, addedAt, addedBy: me }));
      }
      playlist.version += 1;
      return c.json({ snapshot_id: snapshotId(playlist) });
    });

    app.delete(`/playlists/:id/${path}`, async (c) => {
      const playlist = editable(c, findPlaylist(emu, c.req.param('id')));
      removeItems(playlist, await jsonBody(c));
      playlist.version += 1;
      return c.json({ snapshot_id: snapshotId(playlist) });
    });
  }

  return app;
}
