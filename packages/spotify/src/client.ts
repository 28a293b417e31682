import type { ClientOptions } from './options.ts';
import { type RequestOptions, send } from './request.ts';

/** Per-call options, the last argument of every operation. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface SpotifyClient {
  readonly options: ClientOptions;
  /** A call answered with a body: resolves to it, typed as the operation documents it. */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** A call answered without a body (player commands, saves, follows): resolves when it is done. */
  command(method: string, path: string, options?: RequestOptions): Promise<void>;
}

/** Creates a client; it holds only its options, so any number can live side by side. */
export function createClient(options: ClientOptions): SpotifyClient {
  return {
    options,
    // The one trusted cast of the package: a body is typed as Spotify's OpenAPI description of the
    // operation says (the types are generated from it, and the emulator's conformance tests check every
    // answer against the same description). Checking each body at run time would cost every caller a
    // validator in their bundle; callers that must not trust it (the web app's top list) check what they use.
    request: async <T>(method: string, path: string, init?: RequestOptions) =>
      (await send(options, method, path, init)) as T,
    command: async (method, path, init) => {
      await send(options, method, path, init);
    },
  };
}
