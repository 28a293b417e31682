import { readString, removeKey, writeJson } from './storage.ts';

/**
 * The listener's own first frame (docs/architecture.md, "The listener's first frame"): the markup of the
 * Top 40 as the app's first render draws it, kept so the next visit's page can paint it before any of
 * the app's code has arrived. `public/start.js` reads it; its fields are the contract between the two.
 */
const FIRST_FRAME_KEY = 'first_frame';

interface SavedFirstFrame {
  /** The page's main script: the build whose class names and markup these are. */
  build: string;
  /** When the app would stop drawing this frame first (the saved list too old, the session to refresh). */
  until: number;
  online: boolean;
  /** The configuration written into the page, verbatim. */
  config: string | null;
  /** Storage the frame was drawn from, and each key's value then (verbatim; null for none). */
  keys: string[];
  values: (string | null)[];
  /** The content of #root. */
  html: string;
}

/** The page's main script: on pages whose code loads after the first paint, the one start.js loads. */
function pageBuild(): string | null {
  const start = document.querySelector<HTMLScriptElement>('script[data-main]');
  return (
    start?.dataset.main ?? document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null
  );
}

export interface FirstFrameOptions {
  /** Storage keys whose values decide what the frame shows. */
  keys: string[];
  until: number;
  /** Turns a copy of the screen as it is now into the screen as a page load first draws it. */
  settle: (frame: HTMLElement) => void;
}

/** Keeps the content of `root` as the next visit's first frame. */
export function saveFirstFrame(root: HTMLElement, { keys, until, settle }: FirstFrameOptions): void {
  const build = pageBuild();
  if (!build) return;
  const frame = root.cloneNode(true) as HTMLElement;
  // Dialogs hide the rest of the page from assistive technology while open; the next visit opens none.
  for (const child of frame.children) {
    child.removeAttribute('aria-hidden');
    child.removeAttribute('data-aria-hidden');
    child.removeAttribute('inert');
  }
  settle(frame);
  const saved: SavedFirstFrame = {
    build,
    until,
    online: navigator.onLine,
    config: document.getElementById('app-config')?.textContent ?? null,
    keys,
    values: keys.map(readString),
    html: frame.innerHTML,
  };
  writeJson(FIRST_FRAME_KEY, saved);
}

/** Forgets the saved frame: it shows the listener's list, so it goes wherever the list goes. */
export function forgetFirstFrame(): void {
  removeKey(FIRST_FRAME_KEY);
}
