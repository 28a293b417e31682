import { Hono } from 'hono';
import { ALL_SCOPES, DEMO_CLIENT_ID } from '../accounts/clients.ts';
import { issueTokens } from '../accounts/tokens.ts';
import type { AppEnv, Emulator } from '../context.ts';
import { DataFileError } from '../data/load.ts';
import type { Fault } from '../store.ts';
import { asRecord } from '../validate.ts';

type Body = Record<string, unknown>;

async function body(req: { json(): Promise<unknown> }): Promise<Body | undefined> {
  try {
    const value = await req.json();
    return asRecord(value);
  } catch {
    return undefined;
  }
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function parseFault(b: Body): Fault | string {
  if (typeof b.path !== 'string' || !b.path.startsWith('/')) return 'path must be a string starting with /';
  if (b.method !== undefined && typeof b.method !== 'string') return 'method must be a string';
  if (b.status !== undefined && !isInt(b.status, 200, 599)) return 'status must be an integer 200-599';
  if (b.delayMs !== undefined && !isInt(b.delayMs, 0, 120_000)) return 'delayMs must be an integer 0-120000';
  if (b.retryAfter !== undefined && !isInt(b.retryAfter, 0, 86_400)) return 'retryAfter must be seconds';
  if (b.times !== undefined && !(isInt(b.times, 1, 1_000_000) || b.times === -1))
    return 'times must be >= 1 or -1';
  return {
    path: b.path,
    ...(typeof b.method === 'string' ? { method: b.method.toUpperCase() } : {}),
    ...(typeof b.status === 'number' ? { status: b.status } : {}),
    delayMs: typeof b.delayMs === 'number' ? b.delayMs : 0,
    ...(typeof b.retryAfter === 'number' ? { retryAfter: b.retryAfter } : {}),
    ...('body' in b ? { body: b.body } : {}),
    times: typeof b.times === 'number' ? b.times : 1,
  };
}

/** Test controls under /_emulator: faults, clock, reset, request log and direct token issue. */
export function controlRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();

  app.post('/faults', async (c) => {
    const b = await body(c.req);
    const fault = b ? parseFault(b) : 'body must be a JSON object';
    if (typeof fault === 'string') return c.json({ error: fault }, 400);
    emu.store.faults.push(fault);
    return c.json({ faults: emu.store.faults }, 201);
  });
  app.get('/faults', (c) => c.json({ faults: emu.store.faults }));
  app.delete('/faults', (c) => {
    emu.store.faults = [];
    return c.body(null, 204);
  });

  app.post('/clock', async (c) => {
    const b = await body(c.req);
    if (!b || typeof b.advanceSeconds !== 'number' || !Number.isFinite(b.advanceSeconds))
      return c.json({ error: 'advanceSeconds must be a number' }, 400);
    emu.store.clockOffsetMs += b.advanceSeconds * 1000;
    return c.json({ now: new Date(emu.now()).toISOString(), offsetSeconds: emu.store.clockOffsetMs / 1000 });
  });

  app.post('/reset', (c) => {
    emu.reset();
    return c.body(null, 204);
  });

  // A listener's top artists replaced while the product runs: a new month, in one call.
  app.put('/listeners/:id/top-artists', async (c) => {
    const listener = emu.cat.listeners.get(c.req.param('id'));
    if (!listener) return c.json({ error: 'no listener with this id' }, 404);
    const b = await body(c.req);
    const ids = b?.artists;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string') || ids.length > 50)
      return c.json({ error: 'artists must be a list of at most 50 artist ids, in rank order' }, 400);
    const unknown = ids.find((id) => !emu.cat.artists.has(id));
    if (unknown !== undefined) return c.json({ error: `artists: no artist with id ${unknown}` }, 400);
    if (new Set(ids).size !== ids.length) return c.json({ error: 'artists: an id appears twice' }, 400);
    // A new record, not an edit: the data the emulator was given stays as it was, for reset.
    emu.cat.listeners.set(listener.id, { ...listener, top_artists: [...ids] });
    return c.json({ id: listener.id, top_artists: ids });
  });

  // The data file read again (EMULATOR_DATA / --data); a bad file leaves the running data as it was.
  app.post('/reload', (c) => {
    if (!emu.reloadData)
      return c.json({ error: 'the emulator runs on built-in data: no file to reload' }, 409);
    try {
      emu.replaceData(emu.reloadData());
    } catch (error) {
      if (error instanceof DataFileError) return c.json({ error: error.message }, 400);
      throw error;
    }
    return c.json({ artists: emu.cat.artists.size, listeners: emu.cat.listeners.size });
  });

  app.get('/requests', (c) => c.json({ requests: emu.store.requests }));
  app.delete('/requests', (c) => {
    emu.store.requests = [];
    return c.body(null, 204);
  });

  app.post('/tokens', async (c) => {
    const b = await body(c.req);
    const listener = typeof b?.listenerId === 'string' ? emu.cat.listeners.get(b.listenerId) : undefined;
    if (!listener) return c.json({ error: 'listenerId must name a listener' }, 400);
    if (b?.expiresIn !== undefined && !isInt(b.expiresIn, 1, 10 * 365 * 86_400))
      return c.json({ error: 'expiresIn must be a positive integer' }, 400);
    const scope = typeof b?.scope === 'string' ? b.scope : ALL_SCOPES;
    const expiresIn = typeof b?.expiresIn === 'number' ? b.expiresIn : undefined;
    return c.json(
      issueTokens(emu, {
        listenerId: listener.id,
        clientId: DEMO_CLIENT_ID,
        scope,
        ...(expiresIn ? { expiresIn } : {}),
      }),
    );
  });

  return app;
}
