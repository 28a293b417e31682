import { flagsUpdate } from '@heavy-rotation/contracts';
import { eq, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { featureFlag } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret } from '../http/identity.ts';
import { readJson } from '../http/json.ts';

const SMS_GATE = 'sms_gate_enabled';

// Every page load asks for the flag: keep it briefly in memory. Other instances see a change within this.
const CACHE_MS = 5_000;

/** GET /api/flags (public, apikey) and PUT /api/flags (operator, ADMIN_TOKEN; off when unset). */
export function flagRoutes(db: Db, guard: MiddlewareHandler, now: () => number, adminToken?: string): Hono {
  const app = new Hono();
  let cached: { enabled: boolean; until: number } | undefined;
  // One query per expiry, however many callers arrive while it runs.
  let reading: Promise<boolean> | undefined;
  // Bumped by a write, so a read that started before it cannot put the old value back.
  let version = 0;
  async function readGate(): Promise<boolean> {
    if (cached && cached.until > now()) return cached.enabled;
    const started = version;
    reading ??= db
      .select()
      .from(featureFlag)
      .where(eq(featureFlag.key, SMS_GATE))
      .then(([row]) => {
        const enabled = row?.enabled ?? true;
        if (started === version) cached = { enabled, until: now() + CACHE_MS };
        return enabled;
      })
      .finally(() => {
        if (started === version) reading = undefined;
      });
    return reading;
  }
  app.get('/', guard, async (c) =>
    c.json({ sms_gate_enabled: await readGate() }, 200, { 'Cache-Control': 'no-cache' }),
  );
  app.put('/', async (c) => {
    if (!adminToken) return c.json({ error: 'Not found' }, 404);
    const token = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!sameSecret(token, adminToken)) throw new HttpError(401, 'Invalid admin token');
    const body = await readJson(c, flagsUpdate);
    await db
      .insert(featureFlag)
      .values({ key: SMS_GATE, enabled: body.sms_gate_enabled })
      .onConflictDoUpdate({
        target: featureFlag.key,
        set: { enabled: body.sms_gate_enabled, updatedAt: sql`now()` },
      });
    version += 1;
    cached = undefined;
    reading = undefined;
    return c.json({ sms_gate_enabled: await readGate() }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
