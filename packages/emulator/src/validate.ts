import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BASE62_ID } from './data/ids.ts';

/** An error answered in Spotify's envelope; thrown from handlers, rendered by the app's onError. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

export function notFound(): ApiError {
  return new ApiError(404, 'Resource not found');
}

function integer(
  c: Context,
  name: string,
  fallback: number,
  min: number,
  max: number,
  message: string,
): number {
  const raw = c.req.query(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ApiError(400, message);
  const value = Number(raw);
  if (value < min || value > max) throw new ApiError(400, message);
  return value;
}

/** `limit` (1..max, default 20) and `offset` (0..100000) as Spotify validates them. */
export function paging(c: Context, max = 50, fallback = 20): { limit: number; offset: number } {
  return {
    limit: integer(c, 'limit', fallback, 1, max, 'Invalid limit'),
    offset: integer(c, 'offset', 0, 0, 100_000, 'Invalid offset'),
  };
}

export function optionalInt(c: Context, name: string, min: number, max: number): number | undefined {
  if (c.req.query(name) === undefined) return undefined;
  return integer(c, name, 0, min, max, `Invalid ${name}`);
}

export function checkId(id: string): string {
  if (!BASE62_ID.test(id)) throw new ApiError(400, 'Invalid base62 id');
  return id;
}

/** A comma list of ids from the query (or a given list), 1..max of them. */
export function idList(
  raw: string | string[] | undefined,
  max: number,
  check: (id: string) => string = checkId,
): string[] {
  const ids = (Array.isArray(raw) ? raw : (raw ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new ApiError(400, 'Missing required parameter: ids');
  if (ids.length > max) throw new ApiError(400, 'Too many ids requested');
  return ids.map(check);
}

/** User ids are not base62: letters, digits, dots, underscores and dashes. */
export function checkUserId(id: string): string {
  if (!/^[\w.-]{1,64}$/.test(id)) throw new ApiError(400, 'Invalid user id');
  return id;
}

/** Parses `spotify:<type>:<id>`. */
export function parseUri(uri: string): { type: string; id: string } {
  const match = uri.match(/^spotify:([a-z]+):([0-9A-Za-z_.-]+)$/);
  if (!match?.[1] || !match[2]) throw new ApiError(400, `Invalid Spotify URI: ${uri}`);
  return { type: match[1], id: match[2] };
}

/** A JSON object body, or an empty object when there is none. */
/** A JSON object with its fields as unknown, or undefined for anything else (arrays, null, text). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value));
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    const record = asRecord(value);
    if (record) return record;
  } catch {
    // fall through to the error below
  }
  throw new ApiError(400, 'Error parsing JSON.');
}

export function market(c: Context): void {
  const value = c.req.query('market') ?? c.req.query('country');
  if (value !== undefined && !/^([A-Z]{2}|from_token)$/.test(value))
    throw new ApiError(400, 'Invalid market code');
}
