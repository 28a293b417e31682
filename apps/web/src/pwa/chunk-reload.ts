const KEY = 'chunk-reload-at';
let reloading = false;

/** True once a missing chunk has started a reload: the screen waits for the new page instead of failing. */
export function reloadingForDeploy(): boolean {
  return reloading;
}

/**
 * A lazy chunk that no longer exists (a deploy removed it while this tab was open) reloads the page once,
 * so the new build takes over. Progress lives in localStorage and survives the reload; a second failure
 * within a minute is left to the error screen instead of reloading in a loop.
 */
export function reloadOnceWhenChunksGoMissing(): void {
  window.addEventListener('vite:preloadError', () => {
    let last = Number.NaN;
    try {
      last = Number(sessionStorage.getItem(KEY));
      if (Number.isFinite(last) && Date.now() - last < 60_000) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      // Without session storage there is no way to know a reload already happened: do not loop.
      return;
    }
    reloading = true;
    window.location.reload();
  });
}
