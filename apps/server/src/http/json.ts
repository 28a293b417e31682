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

/** Reads a JSON body: 415 for another content type, 400 for malformed JSON or a schema violation. */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error));
  return parsed.data;
}
