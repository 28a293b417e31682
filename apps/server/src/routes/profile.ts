import { eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { userProfile } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { UserEnv } from '../http/identity.ts';
import { answerJsonText } from '../http/json.ts';
import { maskPhone } from '../sms/phone.ts';
import type { ProfileCache, ProfileRow } from './profile-cache.ts';

const COLUMNS = ['id', 'display_name', 'email', 'phone_e164', 'created_at', 'updated_at'] as const;
type Column = (typeof COLUMNS)[number];
const NO_STORE = { 'Cache-Control': 'no-store' };

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

/** The answer of a profile read: its status and JSON text. */
interface ProfileAnswer {
  status: 200 | 406;
  json: string;
}

/** A profile read for a caller, from the query's `id` and `select`: at once when memory holds the row. */
export type ProfileReads = (
  callerId: string,
  id: string | undefined,
  select: string | undefined,
) => ProfileAnswer | Promise<ProfileAnswer>;

const NO_ROW_JSON = JSON.stringify(NO_ROW);

/**
 * Reads of `user_profile`: the caller's own row only, phone masked, a `select` of known columns. The
 * rows come from the profile cache when there is one (the embedded database), else from the database.
 */
export function profileReads(db: Db, cache?: ProfileCache): ProfileReads {
  // Masking parses the number (libphonenumber): worth keeping per number for repeated reads.
  const masked = new Map<string, string | null>();
  function mask(e164: string | null): string | null {
    if (e164 === null) return null;
    let value = masked.get(e164);
    if (value === undefined) {
      if (masked.size >= 10_000) masked.clear();
      value = maskPhone(e164);
      masked.set(e164, value);
    }
    return value;
  }
  async function readFromDatabase(id: string): Promise<ProfileRow | undefined> {
    const readAt = cache?.generation() ?? 0;
    const [row] = await db.select().from(userProfile).where(eq(userProfile.id, id));
    cache?.set(id, row ?? null, readAt);
    return row;
  }
  // A row as the answer shows it (and its JSON for `select=*`), kept per row object: a cached row (the
  // embedded database) is rendered once, not on every read (apps/server/README.md, "Hot paths"); a row
  // read from PostgreSQL is a new object each time, so it is rendered anew.
  const rendered = new WeakMap<ProfileRow, { full: Record<Column, string | null>; json: string }>();
  function render(row: ProfileRow): { full: Record<Column, string | null>; json: string } {
    let answer = rendered.get(row);
    if (answer === undefined) {
      const full: Record<Column, string | null> = {
        id: row.id,
        display_name: row.displayName,
        email: row.email,
        phone_e164: mask(row.phoneE164),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
      answer = { full, json: JSON.stringify(full) };
      rendered.set(row, answer);
    }
    return answer;
  }
  function answer(row: ProfileRow | undefined, columns: Column[] | undefined): ProfileAnswer {
    if (!row) return { status: 406, json: NO_ROW_JSON };
    const { full, json } = render(row);
    if (!columns) return { status: 200, json };
    return { status: 200, json: JSON.stringify(Object.fromEntries(columns.map((k) => [k, full[k]]))) };
  }
  return (callerId, idFilter, select) => {
    const id = /^eq\.(.{1,256})$/s.exec(idFilter ?? '')?.[1];
    if (id === undefined) throw new HttpError(400, 'id: expected a filter of the form eq.<id>');
    const columns = columnsOf(select);
    // Another user's row is treated as absent, as row-level security would: nothing leaks.
    if (id !== callerId) return answer(undefined, columns);
    const cached = cache?.get(id);
    if (cached !== undefined) return answer(cached ?? undefined, columns);
    return readFromDatabase(id).then((row) => answer(row, columns));
  };
}

/** GET /rest/v1/user_profile?id=eq.<id>: the caller's own row only, phone masked. */
export function profileRoutes(reads: ProfileReads, guard: MiddlewareHandler<UserEnv>): Hono<UserEnv> {
  const app = new Hono<UserEnv>();
  app.get('/user_profile', guard, async (c) => {
    const found = reads(c.get('user').id, c.req.query('id'), c.req.query('select'));
    const { status, json } = found instanceof Promise ? await found : found;
    return answerJsonText(c, json, status, NO_STORE);
  });
  return app;
}
