import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import { spotifyId } from '../data/ids.ts';
import { page } from '../shapes/common.ts';
import { playlistImages, playlistObject, simplePlaylist } from '../shapes/playlists.ts';
import type { PlaylistState } from '../store.ts';
import { ApiError, checkId, jsonBody, notFound, paging } from '../validate.ts';

export function findPlaylist(emu: Emulator, id: string): PlaylistState {
  const playlist = emu.store.playlists.get(checkId(id));
  if (!playlist) throw notFound();
  return playlist;
}

/** Only the owner (or anyone, for a collaborative playlist) may change a playlist. */
export function editable(c: Context<AppEnv>, playlist: PlaylistState): PlaylistState {
  if (playlist.ownerId !== c.get('listener').id && !playlist.collaborative)
    throw new ApiError(403, 'Forbidden.');
  return playlist;
}

function details(body: Record<string, unknown>, requireName: boolean) {
  const { name, public: isPublic, collaborative, description } = body;
  if (requireName && (typeof name !== 'string' || !name.trim()))
    throw new ApiError(400, 'Missing required field: name');
  if (name !== undefined && typeof name !== 'string') throw new ApiError(400, 'Invalid name');
  if (isPublic !== undefined && typeof isPublic !== 'boolean') throw new ApiError(400, 'Invalid public');
  if (collaborative !== undefined && typeof collaborative !== 'boolean')
    throw new ApiError(400, 'Invalid collaborative');
  if (description !== undefined && description !== null && typeof description !== 'string')
    throw new ApiError(400, 'Invalid description');
  if (collaborative === true && isPublic !== false && requireName)
    throw new ApiError(400, 'Collaborative playlists can only be private.');
  return { name, isPublic, collaborative, description };
}

export function playlistRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  const listFor = (c: Context<AppEnv>, userId: string, onlyPublic: boolean) => {
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const all = [...emu.store.playlists.values()].filter(
      (p) => (p.ownerId === userId || p.followers.has(userId)) && (!onlyPublic || p.public),
    );
    return c.json(page(c.req.url, all, limit, offset, (p) => simplePlaylist(emu, origin, p)));
  };
  app.get('/me/playlists', (c) => listFor(c, c.get('listener').id, false));
  app.get('/users/:id/playlists', (c) => {
    const id = c.req.param('id');
    if (id !== 'spotify' && !emu.cat.listeners.has(id)) throw notFound();
    return listFor(c, id, id !== c.get('listener').id);
  });

  const create = async (c: Context<AppEnv>) => {
    const me = c.get('listener').id;
    const d = details(await jsonBody(c), true);
    const count = [...emu.store.playlists.values()].filter((p) => p.ownerId === me).length;
    const id = spotifyId(`playlist:${me}:${count}:${emu.now()}`);
    const playlist: PlaylistState = {
      id,
      name: String(d.name),
      description: typeof d.description === 'string' ? d.description : null,
      public: d.isPublic ?? true,
      collaborative: d.collaborative ?? false,
      ownerId: me,
      items: [],
      version: 1,
      followers: new Set([me]),
    };
    emu.store.playlists.set(id, playlist);
    return c.json(playlistObject(emu, originOf(c), playlist), 201);
  };
  app.post('/me/playlists', create);
  app.post('/users/:id/playlists', (c) => {
    if (c.req.param('id') !== c.get('listener').id)
      throw new ApiError(403, 'You cannot create a playlist for another user');
    return create(c);
  });

  app.get('/playlists/:id', (c) =>
    c.json(playlistObject(emu, originOf(c), findPlaylist(emu, c.req.param('id')))),
  );

  app.put('/playlists/:id', async (c) => {
    const playlist = editable(c, findPlaylist(emu, c.req.param('id')));
    const d = details(await jsonBody(c), false);
    if (typeof d.name === 'string') playlist.name = d.name;
    if (d.isPublic !== undefined) playlist.public = d.isPublic;
    if (d.collaborative !== undefined) playlist.collaborative = d.collaborative;
    if (d.description !== undefined)
      playlist.description = typeof d.description === 'string' ? d.description : null;
    playlist.version += 1;
    return c.body(null, 200);
  });

  app.get('/playlists/:id/images', (c) =>
    c.json(playlistImages(originOf(c), findPlaylist(emu, c.req.param('id')))),
  );

  app.put('/playlists/:id/images', async (c) => {
    const playlist = editable(c, findPlaylist(emu, c.req.param('id')));
    if (!(c.req.header('Content-Type') ?? '').startsWith('image/jpeg'))
      throw new ApiError(400, 'Content-Type must be image/jpeg');
    const text = (await c.req.text()).trim();
    if (text.length > 256 * 1024) throw new ApiError(413, 'Image too large, the maximum is 256 KB');
    const jpeg = /^[A-Za-z0-9+/]+=*$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
    if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff)
      throw new ApiError(400, 'Image is not a Base64-encoded JPEG');
    playlist.cover = jpeg;
    playlist.version += 1;
    return c.body(null, 202);
  });

  return app;
}
