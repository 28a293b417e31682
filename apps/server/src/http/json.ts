import type { Context } from 'hono';
import * as z from 'zod';
import { HttpError } from './errors.ts';

/** The first problem of a failed schema check, naming the field, e.g. "artists.3: Too long". */
function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  return `${field}: ${issue.message}`;
}

const JSON_TYPE_PATTERN = /^application\/json\s*(;|$)/i;

/** Whether a Content-Type names JSON (any parameters after it). */
function namesJson(type: string | undefined): boolean {
  return type !== undefined && JSON_TYPE_PATTERN.test(type);
}

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON or a schema violation. */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  if (!namesJson(c.req.header('Content-Type'))) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  return parseJson(text, schema);
}

/** A JSON body's text checked with a schema: 400 for malformed JSON, a NUL character or a violation. */
function parseJson<S extends z.core.$ZodType>(text: string, schema: S): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  // JSON can only carry a NUL inside a string as the escape \u0000 (a raw control character is not
  // valid JSON): without that text in the body there is none to look for.
  const nul = text.includes('\\u0000') ? nulPath(raw) : undefined;
  if (nul !== undefined) throw new HttpError(400, `${nul || 'body'}: must not contain NUL characters`);
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error));
  return parsed.data;
}

/** The path of the first string holding a NUL character (PostgreSQL cannot store one), if any. */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return at;
      const found = nulPath(inner, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Reads the query string with a schema: 400 naming the parameter for a value the schema refuses. */
export function readQuery<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  const raw = c.req.query();
  const nul = nulPath(raw);
  if (nul !== undefined) throw new HttpError(400, `${nul}: must not contain NUL characters`);
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error));
  return parsed.data;
}
