/**
 * The early script: the one script every page of the built app carries (docs/architecture.md, "The
 * first frame"), a classic script, the first child of `#root`, built by Vite as its own small bundle
 * (vite/early-script.ts). The page paints from its HTML and CSS (a prerendered landing screen)
 * or from the frame the app saved last time (the Top 40, "The listener's first frame"); the app's code
 * is asked for only after that first paint, so on a slow network it never competes with what the
 * listener sees first. Until the app has taken the screen over, a tap on a control that needs it is kept
 * (lib/handover.ts). A page with nothing to paint asks for the code at once.
 *
 * `data-main`: the app's entry; `data-preload`: the chunks it imports. The code of each screen a page
 * load may open on at once is in the page's `#screen-code` JSON block, by a regular expression of the
 * route map's path pattern (app/screens.ts, vite/early-script.ts): this page's is asked for with the entry.
 */

import { keepTaps } from '../lib/handover.ts';
import { savedFrameToDraw } from './first-frame.ts';
import { paintEntriesRecorded, whenContentfulPainted } from './first-paint.ts';

/** The chunks of the screen at this page's path, as the page lists them (by a regular expression of the path). */
function screenCode(): string[] {
  try {
    const listed: object = JSON.parse(document.getElementById('screen-code')?.textContent ?? '{}');
    const code = Object.entries(listed).find(([path]) => new RegExp(path).test(location.pathname))?.[1];
    return Array.isArray(code) ? code.filter((href): href is string => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The images the page preloads for its first frame (the landing screens' wordmark), arrived and drawn:
 * the code waits for them too, so the frame is whole before anything else is asked for.
 */
function preloadedImagesShown(root: HTMLElement): Promise<unknown> {
  const preloaded = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'), (l) => l.href),
  );
  const images = Array.from(root.querySelectorAll('img')).filter(
    (img) => preloaded.has(img.src) && !img.complete,
  );
  if (images.length === 0) return Promise.resolve();
  const arrived = images.map(
    (img) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      }),
  );
  return Promise.all(arrived).then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

function boot(tag: HTMLScriptElement, root: HTMLElement): void {
  const main = tag.dataset.main;
  if (!main) return;
  // The screen's markup is parsed after this script: taps are kept from the first control on.
  keepTaps(root);
  const saved = savedFrameToDraw(main);
  if (saved !== null) {
    root.innerHTML = saved;
    root.dataset.drawn = 'saved';
  }

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of [...(tag.dataset.preload ?? '').split(' ').filter(Boolean), ...screenCode()]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = main;
    document.head.append(script);
  };
  // Once the page is parsed (this script runs while it is parsed, from inside #root), what it paints is
  // known. Nothing to paint, a tab in the background (it paints nothing), a browser without paint
  // entries: at once. Otherwise once the first contentful frame is on screen with its images; a timer too.
  document.addEventListener('DOMContentLoaded', () => {
    const painted = root.firstElementChild !== null;
    // Nothing painted, nothing to keep: the app's controls take their own taps (lib/handover.ts).
    if (!painted) root.dataset.live = '';
    if (!painted || document.visibilityState === 'hidden' || !paintEntriesRecorded()) {
      start();
      return;
    }
    void Promise.all([whenContentfulPainted(), preloadedImagesShown(root)]).then(start);
    setTimeout(start, 3000);
  });
}

// The script is the first child of #root (vite/early-script.ts); it steps out to the head as it runs, so
// the screen React takes over is the screen's markup alone.
const tag = document.currentScript;
const root = tag?.parentElement;
if (tag instanceof HTMLScriptElement && root?.id === 'root') {
  document.head.append(tag);
  boot(tag, root);
}
