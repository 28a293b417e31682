import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { userProfile } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { UserEnv } from '../http/identity.ts';
import { maskPhone } from '../sms/phone.ts';
import type { ProfileCache, ProfileRow } from './cache.ts';

const COLUMNS = ['id', 'display_name', 'email', 'phone_e164', 'created_at', 'updated_at'] as const;
type Column = (typeof COLUMNS)[number];
// PostgREST's answer when `.single()` finds no row; the stock client tolerates exactly this.
const NO_ROW = {
  code: 'PGRST116',
  details: 'The result contains 0 rows',
  hint: null,
  message: 'JSON object requested, multiple (or no) rows returned',
};

/** The columns a `select` asks for; undefined for all of them (none given, or `*`). */
function columnsOf(select: string | undefined): Column[] | undefined {
  if (select === undefined || select.trim() === '*') return undefined;
  const isColumn = (name: string): name is Column => COLUMNS.some((c) => c === name);
  const wanted = select.split(',').map((s) => s.trim());
  const unknown = wanted.find((w) => !isColumn(w));
  if (unknown !== undefined)
    throw new HttpError(400, `select: unknown column ${JSON.stringify(unknown.slice(0, 40))}`);
  return wanted.filter(isColumn);
}

/** The answer of a profile read: its status and body. */
interface ProfileAnswer {
  status: 200 | 406;
  body: Record<string, string | null>;
}

/** A profile read for a caller, from the query's `id` and `select`. */
type ProfileReads = (
  callerId: string,
  id: string | undefined,
  select: string | undefined,
) => Promise<ProfileAnswer>;

/**
 * Reads of `user_profile`: the caller's own row only, phone masked, a `select` of known columns. The
 * rows come from the profile cache, else from the database.
 */
export function profileReads(db: Db, cache: ProfileCache): ProfileReads {
  async function row(id: string): Promise<ProfileRow | undefined> {
    const cached = cache.get(id);
    if (cached !== undefined) return cached.row ?? undefined;
    const readAt = cache.generation();
    const [found] = await db.select().from(userProfile).where(eq(userProfile.id, id));
    cache.keep(id, { row: found ?? null }, readAt);
    return found;
  }
  function answer(found: ProfileRow | undefined, columns: Column[] | undefined): ProfileAnswer {
    if (!found) return { status: 406, body: NO_ROW };
    const full: Record<Column, string | null> = {
      id: found.id,
      display_name: found.displayName,
      email: found.email,
      phone_e164: found.phoneE164 === null ? null : maskPhone(found.phoneE164),
      created_at: found.createdAt.toISOString(),
      updated_at: found.updatedAt.toISOString(),
    };
    return { status: 200, body: columns ? Object.fromEntries(columns.map((k) => [k, full[k]])) : full };
  }
  return async (callerId, idFilter, select) => {
    const id = /^eq\.(.{1,256})$/s.exec(idFilter ?? '')?.[1];
    if (id === undefined) throw new HttpError(400, 'id: expected a filter of the form eq.<id>');
    const columns = columnsOf(select);
    // Another user's row is treated as absent, as row-level security would: nothing leaks.
    if (id !== callerId) return answer(undefined, columns);
    return answer(await row(id), columns);
  };
}

/** GET /rest/v1/user_profile?id=eq.<id>: the caller's own row only, phone masked. */
export function profileRoutes(reads: ProfileReads, guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.get('/user_profile', guard, async (c) => {
    const { status, body } = await reads(c.get('user').id, c.req.query('id'), c.req.query('select'));
    return c.json(body, status);
  });
  return app;
}
