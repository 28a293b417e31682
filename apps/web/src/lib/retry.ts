/** Retry table of docs/product.md, "Loading the list": attempts after the first, and the base delay that doubles per attempt. */
export const RETRY = {
  tokenRefresh: { retries: 3, baseDelayMs: 500 },
  topArtists: { retries: 3, baseDelayMs: 400 },
  welcomeMessage: { retries: 2, baseDelayMs: 800 },
  successMessages: { retries: 2, baseDelayMs: 600 },
} as const;

export interface RetryOptions {
  retries: number;
  baseDelayMs: number;
  /** Return false to stop retrying (e.g. a 4xx that will not change). */
  shouldRetry?: (error: unknown) => boolean;
  signal?: AbortSignal;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Exponential backoff: waits base, 2×base, 4×base... between attempts. */
export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= options.retries || options.shouldRetry?.(error) === false || options.signal?.aborted)
        throw error;
      await wait(options.baseDelayMs * 2 ** attempt, options.signal);
    }
  }
}
