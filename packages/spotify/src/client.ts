import type { ClientOptions } from './options.ts';
import { type RequestOptions, request } from './request.ts';

/** Per-call options, the last argument of every operation. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface SpotifyClient {
  readonly options: ClientOptions;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

/** Creates a client; it holds only its options, so any number can live side by side. */
export function createClient(options: ClientOptions): SpotifyClient {
  return { options, request: (method, path, init) => request(options, method, path, init) };
}
