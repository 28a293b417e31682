import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import type { MessageWriter } from '../messages/writer.ts';

const name = z.string().trim().min(1).max(200);
const ARTISTS_SHAPE = 'must be a list of artist names, or of artist objects with a name';
// A client holding provider artist objects may send them as they are; only the name is read.
const artistEntry = z.union([name, z.looseObject({ name }).transform((a) => a.name)], {
  error: ARTISTS_SHAPE,
});
/**
 * `artists`: the names the listener has unlocked, best rank first (the greeting names up to three);
 * `listSize`: how many artists the whole list holds (defaults to the names given).
 */
const welcomeBody = z.object({
  artists: z.array(artistEntry, { error: ARTISTS_SHAPE }).max(50),
  listSize: z.number().int().min(0).max(50).optional(),
});
const successBody = z.object({ artistNames: z.array(name).max(50) });

/** POST /functions/v1/generate-welcome-message and generate-success-message. */
export function messageRoutes(writer: MessageWriter, guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.post('/generate-welcome-message', guard, async (c) => {
    const { artists, listSize } = await readJson(c, welcomeBody);
    const message = await writer.welcome(c.get('user').id, artists, listSize ?? artists.length);
    return c.json(message, 200, { 'Cache-Control': 'no-store' });
  });
  app.post('/generate-success-message', guard, async (c) => {
    const { artistNames } = await readJson(c, successBody);
    const results = await writer.success(c.get('user').id, artistNames);
    return c.json({ results }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
