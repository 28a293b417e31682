import { useCallback, useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { AdminError, adminCall } from './admin-api.ts';

export interface Query<T> {
  data: T | undefined;
  error: AdminError | undefined;
  loading: boolean;
  reload: () => void;
}

/** A GET of the console's API, asked again when `path` changes or on reload; the last data stays while loading. */
export function useAdminQuery<S extends z.ZodMiniType>(
  path: string,
  reply: S,
  onUnauthorised: () => void,
): Query<z.infer<S>> {
  const [data, setData] = useState<z.infer<S>>();
  const [error, setError] = useState<AdminError>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    // `round` asks again for the same path.
    void round;
    const controller = new AbortController();
    setLoading(true);
    adminCall(path, reply, { signal: controller.signal }).then(
      (value) => {
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const failure = e instanceof AdminError ? e : new AdminError(0, 'Something went wrong');
        if (failure.status === 401) onUnauthorised();
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [path, reply, round, onUnauthorised]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}

/**
 * A search box whose query settles after a pause in typing (300 ms): what is typed, and the query to
 * ask with. `onSettle` runs as the query changes (back to the first page).
 */
export function useSettledSearch(onSettle: () => void): [string, (text: string) => void, string] {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      settle.current();
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped, q];
}
