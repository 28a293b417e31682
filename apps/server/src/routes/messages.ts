import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import type { MessageWriter } from '../messages/writer.ts';

const name = z.string().trim().min(1).max(200);
const welcomeBody = z.object({ artists: z.array(name).max(50) });
const successBody = z.object({ artistNames: z.array(name).max(50) });

/** POST /functions/v1/generate-welcome-message and generate-success-message. */
export function messageRoutes(writer: MessageWriter, guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.post('/generate-welcome-message', guard, async (c) => {
    const { artists } = await readJson(c, welcomeBody);
    const message = await writer.welcome(c.get('user').id, artists);
    return c.json(message, 200, { 'Cache-Control': 'no-store' });
  });
  app.post('/generate-success-message', guard, async (c) => {
    const { artistNames } = await readJson(c, successBody);
    const results = await writer.success(c.get('user').id, artistNames);
    return c.json({ results }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
