import { successRequest, welcomeRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { UserEnv } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import type { MessageWriter } from '../messages/writer.ts';

/** POST /functions/v1/generate-welcome-message and generate-success-message. */
export function messageRoutes(writer: MessageWriter, guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.post('/generate-welcome-message', guard, async (c) => {
    const { artists, listSize } = await readJson(c, welcomeRequest);
    const message = await writer.welcome(c.get('user').id, artists, listSize ?? artists.length);
    return c.json(message, 200, { 'Cache-Control': 'no-store' });
  });
  app.post('/generate-success-message', guard, async (c) => {
    const { artistNames } = await readJson(c, successRequest);
    const results = await writer.success(c.get('user').id, artistNames);
    return c.json({ results }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
