import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { artwork, IMAGE_SIZES } from '../images/art.ts';

const SIZES = new Set<number>(IMAGE_SIZES);
const KINDS = new Set(['artist', 'album', 'show', 'episode', 'playlist', 'user', 'category']);

/** Generated artwork and uploaded playlist covers; cacheable for a year, readable from any origin. */
export function imageRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.get('/images/cover/:playlistId/:version', (c) => {
    const playlist = emu.store.playlists.get(c.req.param('playlistId'));
    const version = c.req.param('version').replace(/\.jpg$/, '');
    if (!playlist?.cover || String(playlist.version) !== version) return c.text('Not found', 404);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Access-Control-Allow-Origin', '*');
    return c.body(new Uint8Array(playlist.cover), 200, { 'Content-Type': 'image/jpeg' });
  });

  app.get('/images/:kind/:id/:file', (c) => {
    const { kind, id, file } = c.req.param();
    const size = Number(file.replace(/\.png$/, ''));
    if (!KINDS.has(kind) || !SIZES.has(size) || !/^[\w-]{1,64}$/.test(id) || !file.endsWith('.png'))
      return c.text('Not found', 404);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return c.body(new Uint8Array(artwork(`${kind}:${id}`, size)), 200, { 'Content-Type': 'image/png' });
  });

  return app;
}
