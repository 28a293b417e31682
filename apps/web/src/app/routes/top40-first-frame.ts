import { useEffect } from 'react';
import { saveFirstFrame } from '../../boot/first-frame.ts';
import { loadedConfig } from '../../config/app-config.ts';
import { settleListRows } from '../../features/top-artists/components/top40-list.tsx';
import { persistedFreshUntil } from '../../lib/artists-cache.ts';
import { currentListener } from '../../lib/listener.ts';
import { artistsCacheKey, KEYS } from '../../lib/session.ts';
import { settlePage } from '../shell/page-transition.tsx';

/**
 * Keeps the list as the next visit's first frame (docs/architecture.md, "The listener's first frame"),
 * valid while what it was drawn from (the saved list, the reveals) is unchanged and the app would draw
 * it at once: the saved list fresh, the session needing no check.
 */
export function useFirstFrame(ready: boolean, artists: unknown, revealed: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read from the DOM that the list and reveals draw
  useEffect(() => {
    const root = document.getElementById('root');
    const config = loadedConfig();
    if (!ready || !root || !config) return;
    // Last.fm, ListenBrainz and export listeners' sessions are never refreshed in the browser.
    const listener = currentListener();
    const session =
      listener.kind === 'spotify'
        ? listener.freshUntil
        : listener.kind === 'nobody'
          ? 0
          : Number.MAX_SAFE_INTEGER;
    saveFirstFrame(root, {
      keys: [artistsCacheKey(config.productName), KEYS.revealed, KEYS.chartHistory],
      until: Math.min(persistedFreshUntil(config.productName), session),
      settle: (frame) => {
        settlePage(frame);
        settleListRows(frame);
      },
    });
  }, [ready, artists, revealed]);
}
