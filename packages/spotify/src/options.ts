/** How a client calls the Web API: base URL, fetch, token, retries. Shared by the client and its requests. */
export interface RetryOptions {
  /** Retries after a 429, a 5xx or a network error (default 3). */
  limit?: number;
  /** First back-off delay for 5xx and network errors, doubled each time (default 500 ms). */
  delayMs?: number;
  /** Longest `Retry-After` (seconds) the client waits out itself; longer ones throw (default 30). */
  maxRetryAfter?: number;
}

export interface ClientOptions {
  /** Web API base, e.g. `https://api.spotify.com/v1` (the default). */
  baseUrl?: string;
  /** Any fetch-like function: the global `fetch`, or e.g. an in-process app's `fetch`. */
  fetch?: (input: URL, init: RequestInit) => Promise<Response> | Response;
  getAccessToken: () => string | Promise<string>;
  /** Called once on a 401; the request is then retried once with a fresh token. */
  onUnauthorized?: () => unknown;
  /** Time limit of one call, retries and waits included. */
  timeoutMs?: number;
  retry?: RetryOptions;
}
