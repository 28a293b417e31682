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
    /** The server's own `error` sentence, when it sent one: English, for logs and the operator's console. */
    readonly serverText: string | null = null,
    /** The server's stable `code` for the failure: what a listener reads, worded by lib/failure-text.ts. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface BackendRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a form's fields (URLSearchParams) are sent as the form a browser posts. */
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

/** A string field of a JSON body, when it is one and not blank. */
function textField(body: unknown, name: 'error' | 'code'): string | null {
  const value =
    body !== null && typeof body === 'object' && name in body ? Reflect.get(body, name) : undefined;
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * An answer of our server: its JSON body (undefined when empty or not JSON), and a failure's sentence and
 * code (apps/server/README.md, "Endpoints": failures are `{ error, code }`).
 */
async function readReply(
  res: Response,
): Promise<{ body: unknown; error: string | null; code: string | null }> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { body, error: textField(body, 'error'), code: textField(body, 'code') };
}

const unauthorized = new Set<(path: string) => void>();

/**
 * Hears every 401 our server answers, with the path asked: the one place a 401 is handled. The operator
 * console signs its operator out; a listener's 401 is also a BackendError the screens tell apart.
 */
export function onUnauthorized(listener: (path: string) => void): () => void {
  unauthorized.add(listener);
  return () => unauthorized.delete(listener);
}

async function send(path: string, request: BackendRequest): Promise<unknown> {
  const config = await loadConfig();
  const headers: Record<string, string> = { ...request.headers, apikey: config.anonKey };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;
  // A form's fields go as the form a browser posts (fetch names their type); anything else as JSON.
  const { body } = request;
  const form = body instanceof URLSearchParams;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(path, config.backendUrl), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body instanceof URLSearchParams || body === undefined ? body : JSON.stringify(body),
      signal: request.signal,
      // A page that opened at /callback keeps that answer's no-referrer policy after moving on; our own
      // server reads the page a consent was given on from the Referer (docs/product.md, "The phone gate and consent").
      referrerPolicy: 'strict-origin-when-cross-origin',
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new BackendError('network', 0, 'The server could not be reached');
  }
  const reply = await readReply(res);
  if (res.status === 401) for (const listener of unauthorized) listener(path);
  if (!res.ok) {
    const serverText = reply.error;
    throw new BackendError(
      failureOf(res.status),
      res.status,
      serverText ?? `API request failed with status ${res.status}`,
      serverText,
      reply.code,
    );
  }
  return reply.body;
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
 * Calls our server with the public anon key (and the user's Spotify token when given; the session cookie
 * of a source's listener or an operator goes along by itself) and checks the reply against the route's
 * schema from @heavy-rotation/contracts: named by `reply` in its replies, or given (the console's, from
 * its own entry). Failures throw a BackendError.
 */
export async function callBackend<K extends ReplyName>(
  path: string,
  reply: K,
  request?: BackendRequest,
): Promise<ReplyOf<K>>;
export async function callBackend<S extends z.ZodMiniType>(
  path: string,
  reply: S,
  request?: BackendRequest,
): Promise<z.output<S>>;
export async function callBackend(
  path: string,
  reply: ReplyName | z.ZodMiniType,
  request: BackendRequest = {},
): Promise<unknown> {
  const named = typeof reply === 'string' ? loadContracts() : undefined;
  const body = await send(path, request);
  const schema: z.ZodMiniType = typeof reply === 'string' ? (await (named ?? loadContracts()))[reply] : reply;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BackendError('bad-reply', 200, `Unexpected reply from ${path}`);
  return parsed.data;
}

/** A call whose reply carries nothing the app reads (an event, a save): success or a BackendError. */
export async function sendToBackend(path: string, request: BackendRequest): Promise<void> {
  await send(path, request);
}
