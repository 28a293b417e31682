import { CLIP_ID, clipRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { ClipResolver } from '../clips/resolver.ts';
import { NotAudio, stripTags } from '../clips/strip-tags.ts';
import { type ClipSources, ClipSourceUnavailable } from '../clips/upstream.ts';
import { readJson } from '../http/json.ts';

/** Seconds a page is asked to wait before asking again when the services are busy or away. */
const RETRY_SECONDS = 5;

/**
 * Sound clues (docs/product.md, "Sound clues"; docs/decisions/035-sound-clues.md).
 * POST /api/clips `{ name }` → `{ clip: { id } }` or `{ clip: null }` (none exists), 503 when the services are
 * away or busy. GET /api/clips/:id → the preview's audio with every tag removed. The page names the artist
 * only in the POST's body, to this server; the id, the address and the audio name nobody.
 */
export function clipRoutes(deps: {
  resolver: ClipResolver;
  sources: ClipSources;
  guard: MiddlewareHandler;
  budget: MiddlewareHandler;
}): Hono {
  const { resolver, sources, guard, budget } = deps;
  const app = new Hono();
  app.post('/api/clips', guard, budget, async (c) => {
    const { name } = await readJson(c, clipRequest);
    const answer = await resolver.lookup(name);
    const headers = { 'Cache-Control': 'no-store' };
    if (answer.kind === 'later') {
      return c.json({ error: 'Clips are not available right now; try again shortly' }, 503, {
        ...headers,
        'Retry-After': String(RETRY_SECONDS),
      });
    }
    return c.json({ clip: answer.kind === 'clip' ? { id: answer.id } : null }, 200, headers);
  });

  // An <audio> element asks for this: no apikey header, so the address's budget is the only gate.
  app.get('/api/clips/:id', budget, async (c) => {
    const id = c.req.param('id');
    if (!CLIP_ID.test(id)) return c.json({ error: 'id must be a clip id' }, 400);
    const url = await resolver.previewUrl(id);
    if (!url) return c.json({ error: 'No such clip; ask for it again' }, 404);
    let file: Uint8Array | null;
    try {
      file = await sources.preview(url);
    } catch (error) {
      if (!(error instanceof ClipSourceUnavailable)) throw error;
      return c.json({ error: 'The clip could not be fetched; try again shortly' }, 502, {
        'Retry-After': String(RETRY_SECONDS),
      });
    }
    if (!file) {
      await resolver.forget(id);
      return c.json({ error: 'No such clip; ask for it again' }, 404);
    }
    let audio: ReturnType<typeof stripTags>;
    try {
      audio = stripTags(file);
    } catch (error) {
      if (!(error instanceof NotAudio)) throw error;
      return c.json({ error: 'The clip could not be read' }, 502);
    }
    // Our own headers only: nothing of the service's answer (its file name above all) is passed on.
    return c.body(audio.bytes, 200, {
      'Content-Type': audio.contentType,
      'Content-Length': String(audio.bytes.length),
      'Cache-Control': 'private, max-age=3600',
    });
  });
  return app;
}
