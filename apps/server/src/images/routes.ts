import { artistImagesRequest } from '@heavy-rotation/contracts';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json.ts';
import type { ImageResolver } from './resolver.ts';

/** A lone surrogate is no text: it cannot be put in a search address (docs/decisions/020-abuse-limits.md). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * POST /api/artist-images: images for artists a source gave without any (docs/product.md, "Artist
 * images"). Public (the anon key and the per-IP limit): a guest with a Spotify data export asks too.
 */
export function artistImageRoutes(
  resolver: ImageResolver,
  guard: MiddlewareHandler,
  /** The caller's address key: lookups at the sources are budgeted per address. */
  address: (c: Context) => string,
): Hono {
  const app = new Hono();
  app.post('/api/artist-images', guard, async (c) => {
    const { artists } = await readJson(c, artistImagesRequest);
    const odd = artists.findIndex((a) => LONE_SURROGATE.test(a.name));
    if (odd >= 0) throw new HttpError(400, `artists.${odd}.name: must be text (a lone surrogate is not)`);
    const images = await resolver.resolve(artists, address(c));
    return c.json({ images });
  });
  return app;
}
