import { SpotifyApiError } from './errors.ts';

export interface ClientOptions {
  /** Web API base, e.g. `https://api.spotify.com/v1`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getAccessToken: () => string | Promise<string>;
  /** Called once on a 401; the request is then retried once with a fresh token. */
  onUnauthorized?: () => void | Promise<void>;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface SpotifyClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

export function createClient(options: ClientOptions): SpotifyClient {
  const baseUrl = (options.baseUrl ?? 'https://api.spotify.com/v1').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(method: string, path: string, req: RequestOptions): Promise<Response> {
    const url = new URL(baseUrl + path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${await options.getAccessToken()}` };
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    return doFetch(url, { method, headers, body, signal: req.signal });
  }

  return {
    async request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
      let res = await send(method, path, req);
      if (res.status === 401 && options.onUnauthorized) {
        await options.onUnauthorized();
        res = await send(method, path, req);
      }
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!res.ok) {
        const err = (parsed as { error?: { message?: string; reason?: string } } | undefined)?.error;
        throw new SpotifyApiError(res.status, err?.message ?? res.statusText, method, path, parsed);
      }
      return parsed as T;
    },
  };
}
