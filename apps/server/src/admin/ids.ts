import { HttpError } from '../http/errors.ts';

/** The largest value of PostgreSQL's `integer`, the type of every serial id (signups, operators). */
const MAX_SERIAL = 2_147_483_647;
const LISTENER_ID = /^[\w:.@+-]{1,256}$/;

/**
 * A row id from a path or a body (docs/decisions/020-abuse-limits.md, "Path parameters"): digits only,
 * 1 to 2^31-1, so an id PostgreSQL could not compare with an `integer` column is a 400, never a 500.
 */
export function serialId(raw: string | number, what: string): number {
  const id = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL) throw new HttpError(400, `id: not ${what}`);
  return id;
}

/** The listener id of a path, already decoded once by the router: never decoded again. */
export function listenerId(id: string): string {
  if (!LISTENER_ID.test(id)) throw new HttpError(400, 'id: not a listener id');
  return id;
}
