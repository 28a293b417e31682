import { useEffect, useRef, useState } from 'react';

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
