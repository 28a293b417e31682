import { eq, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { featureFlag } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret } from '../http/identity.ts';
import { readJson } from '../http/json.ts';

const SMS_GATE = 'sms_gate_enabled';
const putBody = z.strictObject({ sms_gate_enabled: z.boolean() });

// Every page load asks for the flag: keep it briefly in memory. Other instances see a change within this.
const CACHE_MS = 5_000;

/** GET /api/flags (public, apikey) and PUT /api/flags (operator, ADMIN_TOKEN; off when unset). */
export function flagRoutes(db: Db, guard: MiddlewareHandler, adminToken?: string): Hono {
  const app = new Hono();
  let cached: { enabled: boolean; until: number } | undefined;
  async function readGate(): Promise<boolean> {
    if (cached && cached.until > Date.now()) return cached.enabled;
    const [row] = await db.select().from(featureFlag).where(eq(featureFlag.key, SMS_GATE));
    cached = { enabled: row?.enabled ?? true, until: Date.now() + CACHE_MS };
    return cached.enabled;
  }
  app.get('/', guard, async (c) =>
    c.json({ sms_gate_enabled: await readGate() }, 200, { 'Cache-Control': 'no-cache' }),
  );
  app.put('/', async (c) => {
    if (!adminToken) return c.json({ error: 'Not found' }, 404);
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!sameSecret(token, adminToken)) throw new HttpError(401, 'Invalid admin token');
    const body = await readJson(c, putBody);
    await db
      .insert(featureFlag)
      .values({ key: SMS_GATE, enabled: body.sms_gate_enabled })
      .onConflictDoUpdate({
        target: featureFlag.key,
        set: { enabled: body.sms_gate_enabled, updatedAt: sql`now()` },
      });
    cached = undefined;
    return c.json({ sms_gate_enabled: await readGate() }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
