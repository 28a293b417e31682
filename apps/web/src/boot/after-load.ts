import { contentfulPainted, paintEntriesRecorded, whenContentfulPainted } from './first-paint.ts';

/**
 * What must not compete with the first screen (docs/architecture.md, "The first frame") waits until the
 * page has loaded, the first screen is painted, and the main thread is idle (at most 2 s later). A page
 * that shows no screen (an error) lets the work go 3 s after it loaded.
 */
let showFirstScreen: (() => void) | undefined;
let settled = false;
const firstScreen = new Promise<void>((resolve) => {
  showFirstScreen = resolve;
}).then(() => {
  settled = true;
});

const loaded = new Promise<void>((resolve) => {
  if (typeof document === 'undefined' || document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

// Armed by the first caller, not on import: importing a module starts nothing (the build's prerender
// imports the app in Node).
let armed = false;
function armFallback(): void {
  if (armed) return;
  armed = true;
  const resolve = showFirstScreen;
  loaded.then(() => setTimeout(() => resolve?.(), 3000));
}

/** Calls `done` once the frame being drawn is on screen: the page's first contentful paint when it is
 * still to come (the browser records it once the frame is shown), else two frames from now. */
function whenOnScreen(done: () => void): void {
  if (paintEntriesRecorded() && !contentfulPainted()) {
    void whenContentfulPainted().then(done);
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
}

/** The first screen has been committed: what waits for it goes once the frame that paints it is shown. */
export function firstScreenShown(): void {
  const resolve = showFirstScreen;
  if (!resolve) return;
  showFirstScreen = undefined;
  // A tab in the background paints no frames: nothing there to wait for.
  if (document.visibilityState === 'hidden') {
    resolve();
    return;
  }
  whenOnScreen(resolve);
  // Should the paint entry never come.
  setTimeout(resolve, 3000);
}

/** True once the page has loaded and its first screen is painted. */
export function pageSettled(): boolean {
  return settled && document.readyState === 'complete';
}

/** Runs `work` once the page's first screen is on screen (soon after, when it already is). */
export function afterFirstScreen(work: () => void): void {
  armFallback();
  void firstScreen.then(work);
}

export function afterLoad(work: () => void): void {
  armFallback();
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 2000 });
    else setTimeout(work, 0);
  };
  Promise.all([loaded, firstScreen]).then(idle);
}
