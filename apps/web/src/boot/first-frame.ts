import { readString, removeKey, writeJson } from '../lib/storage.ts';

/**
 * The listener's own first frame (docs/architecture.md, "The listener's first frame"): the markup of the
 * Top 40 as the app's first render draws it, kept so the next visit's page can paint it before any of
 * the app's code has arrived. The early script (boot/start.ts) reads it with `savedFrameToDraw`; the
 * shape and its check live here, once.
 */
const FIRST_FRAME_KEY = 'first_frame';

interface SavedFirstFrame {
  /** The page's main script: the build whose class names and markup these are. */
  build: string;
  /** The page it is the first frame of (the Top 40's, `/`). */
  path: string;
  /** The page's language (`<html lang>`): a frame in another language is never painted (docs/languages.md). */
  language: string;
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

/** The page's main script: the one the early script loads (boot/start.ts), or the page's own in development. */
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
    path: window.location.pathname,
    language: document.documentElement.lang,
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

/**
 * The saved frame's markup when the app would draw the same now on this page of `build`: the same build,
 * configuration and language, the same page, still in time, the same connectivity, and every value it was drawn
 * from unchanged. Anything else (storage switched off, a value that is not a frame) is null: the screen
 * is left to the app. Reads storage directly: it runs in the early script, before the app's modules.
 */
export function savedFrameToDraw(build: string): string | null {
  try {
    const saved = JSON.parse(
      localStorage.getItem(FIRST_FRAME_KEY) ?? 'null',
    ) as Partial<SavedFirstFrame> | null;
    const values = saved?.values;
    if (
      saved &&
      saved.build === build &&
      saved.path === window.location.pathname &&
      saved.language === document.documentElement.lang &&
      typeof saved.until === 'number' &&
      Date.now() < saved.until &&
      saved.online === navigator.onLine &&
      saved.config === (document.getElementById('app-config')?.textContent ?? null) &&
      Array.isArray(saved.keys) &&
      Array.isArray(values) &&
      saved.keys.length === values.length &&
      saved.keys.every((key, i) => localStorage.getItem(key) === values[i]) &&
      typeof saved.html === 'string'
    ) {
      return saved.html;
    }
  } catch {
    // No storage, or not a frame.
  }
  return null;
}
