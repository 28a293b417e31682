import { useSyncExternalStore } from 'react';
import { currentNotice, subscribeNotice } from './fetch-top-artists.ts';

/** The notice shown over a saved list while its source asks for a break. */
export function useListNotice(): string | null {
  return useSyncExternalStore(subscribeNotice, currentNotice, () => null);
}
