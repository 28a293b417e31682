import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a page prerendered at build time (docs/architecture.md, "The first frame"),
 * true from the render after it, and true at once in a page rendered in the browser. What only the
 * browser knows (the address's query, storage, the network) is shown from then on, so the first render
 * matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
