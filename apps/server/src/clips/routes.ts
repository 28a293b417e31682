import { CLIP_ID, clipRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json.ts';
import { ClipsBusy, type PreviewCache } from './preview-cache.ts';
import { type ClipResolver, PLAY_MS } from './resolver.ts';
import { NotAudio } from './strip-tags.ts';
import { ClipSourceUnavailable } from './upstream.ts';

/** Seconds a page is asked to wait before asking again when the services are busy or away. */
const RETRY_SECONDS = 5;
/** A lone surrogate is no text: it cannot be put in a search address, nor stored (020, "Bad input"). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Sound clues (docs/product.md, "Sound clues"; docs/decisions/035-sound-clues.md).
 * POST /api/clips `{ name }` → `{ clip: { id } }` (an id for this play alone) or `{ clip: null }` (none
 * exists), 503 when the services are away or busy. GET /api/clips/:id → the preview's audio with every
 * tag removed, fetched once and kept; 503 when the instance is fetching as many previews as it may. The
 * page names the artist only in the POST's body, to this server; the id, the address and the audio name
 * nobody.
 */
export function clipRoutes(deps: {
  resolver: ClipResolver;
  previews: PreviewCache;
  guard: MiddlewareHandler;
  budget: MiddlewareHandler;
}): Hono {
  const { resolver, previews, guard, budget } = deps;
  const app = new Hono();
  const later = { 'Retry-After': String(RETRY_SECONDS) };
  app.post('/api/clips', guard, budget, async (c) => {
    const { name } = await readJson(c, clipRequest);
    if (LONE_SURROGATE.test(name)) throw new HttpError(400, 'name: must be text (a lone surrogate is not)');
    const answer = await resolver.lookup(name);
    if (answer.kind === 'later') {
      return c.json({ error: 'Clips are not available right now; try again shortly' }, 503, later);
    }
    return c.json({ clip: answer.kind === 'clip' ? { id: answer.id } : null });
  });

  // An <audio> element asks for this: no apikey header, so the address's budget is the only gate.
  app.get('/api/clips/:id', budget, async (c) => {
    const id = c.req.param('id');
    if (!CLIP_ID.test(id)) return c.json({ error: 'id must be a clip id' }, 400);
    const play = await resolver.playOf(id);
    if (!play) return c.json({ error: 'No such clip; ask for it again' }, 404);
    let audio: Awaited<ReturnType<PreviewCache['audio']>>;
    try {
      audio = await previews.audio(play.url);
    } catch (error) {
      if (error instanceof ClipsBusy)
        return c.json({ error: 'Clips are busy right now; try again shortly' }, 503, later);
      if (error instanceof NotAudio) return c.json({ error: 'The clip could not be read' }, 502);
      if (!(error instanceof ClipSourceUnavailable)) throw error;
      return c.json({ error: 'The clip could not be fetched; try again shortly' }, 502, later);
    }
    if (!audio) {
      await resolver.forget(play.key);
      return c.json({ error: 'No such clip; ask for it again' }, 404);
    }
    // Our own headers only: nothing of the service's answer (its file name above all) is passed on.
    return c.body(audio.bytes, 200, {
      'Content-Type': audio.contentType,
      'Content-Length': String(audio.bytes.length),
      'Cache-Control': `private, max-age=${PLAY_MS / 1000}`,
    });
  });
  return app;
}
