/**
 * Wraps a task (typically a token refresh) so concurrent callers share one run: while it is in
 * flight every caller gets the same promise; the next call after it settles starts a new run.
 * Rotating refresh tokens make this necessary: two parallel refreshes would spend the same
 * refresh token twice, and the provider revokes the whole token family on reuse.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= task().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
