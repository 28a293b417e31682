import { SpotifyApiError } from './errors.ts';
import type { ClientOptions } from './options.ts';

type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface RequestOptions {
  query?: object;
  /** JSON-encoded unless it is a string, which is sent as is with `contentType`. */
  body?: unknown;
  contentType?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

type ErrorBody = { error?: { message?: string; reason?: string } | string; error_description?: string };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text || undefined;
  }
};

/**
 * Sends one Web API call with the client's token, retries and time limit; resolves to the parsed JSON body,
 * or undefined when there is none.
 */
export async function send(
  client: ClientOptions,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const url = new URL((client.baseUrl ?? 'https://api.spotify.com/v1').replace(/\/$/, '') + path);
  // Cast: Object.entries widens the values; the query is typed as QueryValue by RequestOptions.
  for (const [key, value] of Object.entries(options.query ?? {}) as [string, QueryValue][]) {
    if (value != null) url.searchParams.set(key, String(value));
  }
  const { limit = 3, delayMs = 500, maxRetryAfter = 30 } = client.retry ?? {};
  const ms = options.timeoutMs ?? client.timeoutMs;
  const signals = [options.signal, ms ? AbortSignal.timeout(ms) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals[1] ? AbortSignal.any(signals) : signals[0];
  const { body, contentType = 'application/json' } = options;
  // Only 429 is safe to repeat for POST: the provider did not act on the call.
  const idempotent = method !== 'POST';
  let unauthorized = client.onUnauthorized;
  for (let attempt = 0; ; attempt++) {
    let wait = delayMs * 2 ** attempt;
    let res: Response;
    const headers: Record<string, string> = { Authorization: `Bearer ${await client.getAccessToken()}` };
    if (body !== undefined) headers['Content-Type'] = contentType;
    try {
      res = await (client.fetch ?? fetch)(url, {
        method,
        headers,
        body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted || !idempotent || attempt >= limit) throw error;
      await sleep(wait, signal);
      continue;
    }
    const parsed = parse(await res.text());
    if (res.ok) return typeof parsed === 'string' ? undefined : parsed;
    if (res.status === 401 && unauthorized) {
      await unauthorized();
      unauthorized = undefined;
      attempt--;
      continue;
    }
    const header = res.headers.get('Retry-After');
    // Seconds, or (rarely) an HTTP date.
    const retryAfter = header
      ? +header || Math.max(0, (Date.parse(header) - Date.now()) / 1e3) || 0
      : undefined;
    if (retryAfter !== undefined) wait = retryAfter * 1000;
    const retryable = res.status === 429 || (res.status >= 500 && idempotent);
    if (retryable && attempt < limit && (retryAfter ?? 0) <= maxRetryAfter) {
      await sleep(wait, signal);
      continue;
    }
    // Cast: the error envelope's fields are each checked with typeof below.
    const error = (parsed ?? {}) as ErrorBody;
    const detail = (typeof error.error === 'object' && error.error) || {};
    throw new SpotifyApiError(
      res.status,
      detail.message ?? error.error_description ?? (typeof parsed === 'string' ? parsed : res.statusText),
      method,
      path,
      parsed,
      retryAfter,
      detail.reason,
    );
  }
}
