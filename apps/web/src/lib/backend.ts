import type * as z from 'zod/mini';
import { loadConfig } from '../config/app-config.ts';

/**
 * How a backend call failed, as the screens tell failures apart: `refused` (a 4xx other than 429: asking
 * again will not help), `unavailable` (a 5xx or 429: it may pass), `network` (no answer at all) and
 * `bad-reply` (an answer that is not what the route promises).
 */
export type BackendFailure = 'refused' | 'unavailable' | 'network' | 'bad-reply';

export class BackendError extends Error {
  override readonly name = 'BackendError';
  constructor(
    readonly kind: BackendFailure,
    /** The HTTP status; 0 when there was no answer. */
    readonly status: number,
    message: string,
    /** The server's own `error` sentence, when it sent one. */
    readonly serverText: string | null = null,
  ) {
    super(message);
  }
}

export interface BackendRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Headers of the route's own (a challenge link's key). */
  headers?: Record<string, string>;
  /** The Spotify access token for user-scoped calls. */
  accessToken?: string | null;
  signal?: AbortSignal;
}

function failureOf(status: number): BackendFailure {
  return status === 429 || status >= 500 ? 'unavailable' : 'refused';
}

/**
 * An answer of our server: its JSON body (undefined when empty or not JSON) and the `error` it names,
 * if any (apps/server/README.md, "Endpoints": failures are `{ error }`).
 */
export async function readReply(res: Response): Promise<{ body: unknown; error: string | null }> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const error = body !== null && typeof body === 'object' && 'error' in body ? body.error : undefined;
  return { body, error: typeof error === 'string' && error.trim() ? error : null };
}

async function send(path: string, request: BackendRequest): Promise<unknown> {
  const config = await loadConfig();
  const headers: Record<string, string> = { ...request.headers, apikey: config.anonKey };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(path, config.backendUrl), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      // A page that opened at /callback keeps that answer's no-referrer policy after moving on; our own
      // server reads the page a consent was given on from the Referer (docs/product.md, "The phone gate and consent").
      referrerPolicy: 'strict-origin-when-cross-origin',
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new BackendError('network', 0, 'The server could not be reached');
  }
  const { body, error } = await readReply(res);
  if (!res.ok) {
    const serverText = error;
    throw new BackendError(
      failureOf(res.status),
      res.status,
      serverText ?? `API request failed with status ${res.status}`,
      serverText,
    );
  }
  return body;
}

type Contracts = typeof import('@heavy-rotation/contracts/replies');
/** The names of the reply schemas in @heavy-rotation/contracts/replies. */
export type ReplyName = {
  [K in keyof Contracts]: Contracts[K] extends z.ZodMiniType ? K : never;
}[keyof Contracts];
export type ReplyOf<K extends ReplyName> = z.output<Contracts[K]>;

let contracts: Promise<Contracts> | undefined;
/**
 * The schemas (and zod) load with the first call that needs them, not with the first screen
 * (docs/architecture.md, "The first frame"); asked for when the call starts, so they travel with it.
 */
const loadContracts = () => {
  contracts ??= import('@heavy-rotation/contracts/replies');
  return contracts;
};

/**
 * Calls our server with the public anon key (and the user's Spotify token when given) and checks the reply
 * against the route's schema from @heavy-rotation/contracts, named by `reply`. Failures throw a
 * BackendError.
 */
export async function callBackend<K extends ReplyName>(
  path: string,
  reply: K,
  request: BackendRequest = {},
): Promise<ReplyOf<K>> {
  const schemas = loadContracts();
  const body = await send(path, request);
  const schema: z.ZodMiniType = (await schemas)[reply];
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BackendError('bad-reply', 200, `Unexpected reply from ${path}`);
  // The schema named `reply` parsed it: its output is that schema's (TypeScript loses it by the name).
  return parsed.data as ReplyOf<K>;
}

/** A call whose reply carries nothing the app reads (an event, a save): success or a BackendError. */
export async function sendToBackend(path: string, request: BackendRequest): Promise<void> {
  await send(path, request);
}
