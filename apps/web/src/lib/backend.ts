import { loadConfig } from '../config/app-config.ts';

export class BackendError extends Error {
  override readonly name = 'BackendError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface BackendRequest {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  /** The Spotify access token for user-scoped calls. */
  accessToken?: string | null;
  signal?: AbortSignal;
}

/**
 * Calls our server with the public anon key (and the user's Spotify token when given). Failures throw a
 * BackendError whose message is the server's `error` text, else 'API request failed with status {code}'.
 */
export async function callBackend<T>(path: string, request: BackendRequest = {}): Promise<T> {
  const config = await loadConfig();
  const headers: Record<string, string> = { apikey: config.anonKey };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path, config.backendUrl), {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const serverText = (body as { error?: unknown } | undefined)?.error;
    throw new BackendError(
      res.status,
      typeof serverText === 'string' ? serverText : `API request failed with status ${res.status}`,
      body,
    );
  }
  return body as T;
}
