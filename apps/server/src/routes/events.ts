import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { analyticsEvent } from '../db/schema.ts';
import { readJson } from '../http/json.ts';

// Strict objects: an unknown field is refused, so nothing personal can ride along.
const eventBody = z.discriminatedUnion('name', [
  z.strictObject({
    name: z.literal('page_view'),
    // A route path only: no query string, no fragment, no @ (emails), no long digit runs (phones).
    path: z
      .string()
      .max(200)
      .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a plain path')
      .refine((p) => !/\d{5,}/.test(p), 'must be a plain path'),
  }),
  z.strictObject({ name: z.literal('sms_gate_view') }),
  z.strictObject({
    name: z.literal('sms_phone_submitted'),
    phone_country: z.union([
      z.literal('unknown'),
      z.string().regex(/^\+?\d{1,4}$/, 'must be a calling code'),
    ]),
  }),
]);

/** POST /api/events: first-party analytics (docs/product.md, "Analytics events"). */
export function eventRoutes(db: Db, guard: MiddlewareHandler): Hono {
  const app = new Hono();
  app.post('/', guard, async (c) => {
    const event = await readJson(c, eventBody);
    await db.insert(analyticsEvent).values({
      name: event.name,
      path: event.name === 'page_view' ? event.path : null,
      phoneCountry: event.name === 'sms_phone_submitted' ? event.phone_country : null,
    });
    return c.body(null, 204);
  });
  return app;
}
