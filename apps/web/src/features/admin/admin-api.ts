import * as z from 'zod/mini';
import { readReply } from '../../lib/backend.ts';

/** A console call that failed: the server's own sentence when it gave one. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the console's API on the server that served this page (docs/operator.md): the session cookie goes
 * along by itself (HttpOnly, SameSite=Strict, Path=/api/admin); replies are checked against their schema.
 */
export async function adminCall<S extends z.ZodMiniType>(
  path: string,
  reply: S,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(`/api/admin${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AdminError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const { body, error } = await readReply(res);
  if (!res.ok) throw new AdminError(res.status, error ?? `The server answered ${res.status}`);
  const parsed = z.safeParse(reply, body);
  if (!parsed.success)
    throw new AdminError(res.status, 'The server sent an answer the console does not understand');
  return parsed.data;
}

export const noContent = z.optional(z.unknown());
