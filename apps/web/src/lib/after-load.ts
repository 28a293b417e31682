/**
 * Runs `work` once the page has loaded and the main thread is idle (at most 2 s later): for what must not
 * compete with the first screen (docs/architecture.md, "The first frame"). At once when the page loaded
 * long ago and the browser has no idle callbacks.
 */
export function afterLoad(work: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
    else setTimeout(work, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
