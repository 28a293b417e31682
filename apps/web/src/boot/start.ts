/**
 * The early script: the one script every page of the built app carries (docs/architecture.md, "The
 * first frame"), a classic script right after `#root`, built by Vite as its own small bundle
 * (vite.config.ts, `earlyScript`). The page paints from its HTML and CSS (a prerendered landing screen)
 * or from the frame the app saved last time (the Top 40, "The listener's first frame"); the app's code
 * is asked for only after that first paint, so on a slow network it never competes with what the
 * listener sees first. Until the app has taken the screen over, a tap on a control that needs it is kept
 * (lib/handover.ts). A page with nothing to paint asks for the code at once.
 *
 * `data-main`: the app's entry; `data-preload`: the chunks it imports. A page's own screen code is in
 * its `#screen-code` JSON block (scripts/prerender.ts).
 */
import { savedFrameToDraw } from '../lib/first-frame.ts';
import { paintEntriesRecorded, whenContentfulPainted } from '../lib/first-paint.ts';
import { keepTaps } from '../lib/handover.ts';

/** The screen's own chunks, as the page lists them. */
function screenCode(): string[] {
  try {
    const listed: unknown = JSON.parse(document.getElementById('screen-code')?.textContent ?? '[]');
    return Array.isArray(listed) ? listed.filter((href): href is string => typeof href === 'string') : [];
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
  if (!root.firstElementChild) {
    const saved = savedFrameToDraw(main);
    if (saved !== null) {
      root.innerHTML = saved;
      root.dataset.drawn = 'saved';
    }
  }
  const painted = root.firstElementChild !== null;
  if (painted) keepTaps(root);

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
  // Nothing to paint, a tab in the background (it paints nothing), a browser without paint entries:
  // at once. Otherwise once the first contentful frame is on screen with its images; a timer as well.
  if (!painted || document.visibilityState === 'hidden' || !paintEntriesRecorded()) {
    start();
    return;
  }
  void Promise.all([whenContentfulPainted(), preloadedImagesShown(root)]).then(start);
  setTimeout(start, 3000);
}

const tag = document.currentScript;
const root = document.getElementById('root');
if (tag instanceof HTMLScriptElement && root) boot(tag, root);
