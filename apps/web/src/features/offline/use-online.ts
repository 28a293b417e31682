import { useEffect, useState } from 'react';

export const BACK_ONLINE_MS = 2000;

export type NetworkState = 'online' | 'offline' | 'back-online';

/** Online, offline, or back online for 2 s after a reconnection (docs/product.md, "Loading the list"). */
export function useNetworkState(): NetworkState {
  // A prerendered screen is drawn online; the effect reads the browser's own state.
  const [state, setState] = useState<NetworkState>(() =>
    typeof navigator === 'undefined' || navigator.onLine ? 'online' : 'offline',
  );
  useEffect(() => {
    if (!navigator.onLine) setState('offline');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      clearTimeout(timer);
      setState((previous) => (previous === 'offline' ? 'back-online' : 'online'));
      timer = setTimeout(() => setState('online'), BACK_ONLINE_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return state;
}
