import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n.ts';

export interface ServerQuery<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Asks again for a fresh answer, the count of automatic retries reset; the last data stays meanwhile. */
  reload: () => void;
}

/** One asking: `fresh` when the screen wants the server's answer, not a saved one (a reload, back online). */
export interface Ask {
  signal: AbortSignal;
  fresh: boolean;
}

export interface QueryOptions<T> {
  /** An answer already at hand (a saved list): shown at once, and not asked for until a reload. */
  initial?: T | undefined;
  /** After the `failures`-th failure in a row: how long to wait before asking again, or null to stop. */
  retryAfter?: (failures: number, error: Error) => number | null;
  /** Once the retries stop: what to show instead of the error (a built-in text), or undefined to show it. */
  fallback?: (error: Error) => T | undefined;
  /** Ask again for a fresh answer when the browser comes back online. */
  reconnect?: boolean;
}

/**
 * What the server holds, as a screen shows it, and the one way a screen reads server state: asked for
 * with `load` (a call of lib/backend.ts, or a fetcher built on it) when `key` changes, on reload, back
 * online or after a failure as `retryAfter` says; the last answer kept while the next is on its way, an
 * answer to an older key dropped. Retries of a screen's data happen here and nowhere else
 * (docs/architecture.md, "The web app's listener and server state").
 */
export function useServerQuery<T>(
  key: string,
  load: (ask: Ask) => Promise<T>,
  options: QueryOptions<T> = {},
): ServerQuery<T> {
  const { initial, retryAfter, fallback, reconnect = false } = options;
  const [data, setData] = useState<T | undefined>(initial);
  const [error, setError] = useState<Error>();
  const [loading, setLoading] = useState(initial === undefined);
  const [round, setRound] = useState({ n: 0, fresh: false });
  const failures = useRef(0);
  // The loader and retry rule of the latest render: a new function each render must not ask again.
  const latest = useRef({ load, retryAfter, fallback });
  latest.current = { load, retryAfter, fallback };
  const first = useRef({ key, given: initial !== undefined });
  // Failures in a row count per key: another key starts again from none.
  const failing = useRef(key);
  if (failing.current !== key) {
    failing.current = key;
    failures.current = 0;
  }

  useEffect(() => {
    // The answer at hand is what the first asking would give: it is on screen already.
    if (round.n === 0 && first.current.given && key === first.current.key) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // This key's loader and rules: an answer or failure is judged by the render that asked.
    const asking = latest.current;
    setLoading(true);
    asking.load({ signal: controller.signal, fresh: round.fresh }).then(
      (value) => {
        if (controller.signal.aborted) return;
        failures.current = 0;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const failure = e instanceof Error ? e : new Error(t('common.somethingWentWrong'));
        setLoading(false);
        const wait = asking.retryAfter?.(failures.current + 1, failure) ?? null;
        const instead = wait === null ? asking.fallback?.(failure) : undefined;
        if (instead !== undefined) {
          failures.current = 0;
          setData(instead);
          setError(undefined);
          return;
        }
        setError(failure);
        if (wait === null) return;
        failures.current += 1;
        timer = setTimeout(() => setRound((r) => ({ n: r.n + 1, fresh: false })), wait);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, round]);

  useEffect(() => {
    if (!reconnect) return;
    const again = () => setRound((r) => ({ n: r.n + 1, fresh: true }));
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reconnect]);

  const reload = useCallback(() => {
    failures.current = 0;
    setRound((r) => ({ n: r.n + 1, fresh: true }));
  }, []);
  return { data, error, loading, reload };
}
