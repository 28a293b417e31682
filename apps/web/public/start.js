// The one script of the pages whose first frame needs none of the app's code (docs/architecture.md,
// "The first frame"): the prerendered landing screens, and the listener's Top 40 drawn from the frame the
// app saved last time ("The listener's first frame"). The screen is painted from the page's HTML and CSS;
// the app's code is asked for only after that first paint, so on a slow network it never competes with
// what the listener sees first. Then React takes the screen over. A page with nothing to paint asks for
// the code at once.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const main = tag.dataset.main;
  const preload = (tag.dataset.preload || '').split(' ').filter(Boolean);
  const root = document.getElementById('root');

  // The saved frame (src/lib/first-frame.ts), drawn only when the app would draw the same now: the same
  // build and configuration, still in time, the same connectivity, and every value it was drawn from
  // unchanged. Anything else, storage switched off included, leaves the screen to the app.
  if (root && 'firstFrame' in tag.dataset) {
    try {
      const saved = JSON.parse(localStorage.getItem('first_frame') || 'null');
      const config = document.getElementById('app-config');
      if (
        saved &&
        saved.build === main &&
        Date.now() < saved.until &&
        saved.online === navigator.onLine &&
        saved.config === (config ? config.textContent : null) &&
        Array.isArray(saved.keys) &&
        Array.isArray(saved.values) &&
        saved.keys.length === saved.values.length &&
        saved.keys.every((key, i) => localStorage.getItem(key) === saved.values[i]) &&
        typeof saved.html === 'string'
      ) {
        root.innerHTML = saved.html;
        root.dataset.drawn = 'saved';
      }
    } catch {
      // No storage, or not a frame: the app draws the screen.
    }
  }

  // A tap on a control that needs the app (a button, a link without an address) before the app has taken
  // the screen over is kept, as a path of child positions from #root, and the control shows it is at work;
  // the app passes it on to the same element of its own screen (src/lib/handover.ts). Real links and a
  // form's Submit work on their own.
  if (root?.firstElementChild) {
    root.addEventListener(
      'click',
      (event) => {
        if ('live' in root.dataset || !(event.target instanceof Element)) return;
        const control = event.target.closest('a, button, [role="button"]');
        if (
          !control ||
          !root.contains(control) ||
          control.matches('a[href]') ||
          (control instanceof HTMLButtonElement && control.type === 'submit' && control.form)
        ) {
          return;
        }
        event.preventDefault();
        event.stopImmediatePropagation();
        const path = [];
        for (let node = control; node && node !== root; node = node.parentElement) {
          path.unshift(Array.prototype.indexOf.call(node.parentElement?.children ?? [], node));
        }
        for (const busy of root.querySelectorAll('[data-tapped]')) {
          busy.removeAttribute('data-tapped');
          busy.removeAttribute('aria-busy');
        }
        control.setAttribute('data-tapped', '');
        control.setAttribute('aria-busy', 'true');
        root.dataset.tap = path.join('.');
      },
      true,
    );
  }

  let started = false;
  const start = () => {
    if (started || !main) return;
    started = true;
    for (const href of preload) {
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
  // The images the page preloads for its first frame (the landing screens' wordmark): the code waits
  // for them too, so that the frame is whole before anything else is asked for.
  const preloaded = new Set(
    Array.from(document.querySelectorAll('link[rel="preload"][as="image"]'), (link) => link.href),
  );
  const images = Array.from(root?.querySelectorAll('img') ?? []).filter(
    (img) => preloaded.has(img.src) && !img.complete,
  );
  // Their arrival, then the frame that draws them.
  const imagesShown =
    images.length === 0
      ? Promise.resolve()
      : Promise.all(
          images.map(
            (img) =>
              new Promise((resolve) => {
                img.addEventListener('load', resolve, { once: true });
                img.addEventListener('error', resolve, { once: true });
              }),
          ),
        ).then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  // Once the first contentful frame is on screen (its paint entry) with those images. A page with
  // nothing to paint, a tab in the background (it paints nothing) and a browser without paint entries
  // start at once; a timer as well.
  const painted = (entries) => entries.some((entry) => entry.name === 'first-contentful-paint');
  if (
    !root?.firstElementChild ||
    document.visibilityState === 'hidden' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    start();
    return;
  }
  const firstPaint = painted(performance.getEntriesByType('paint'))
    ? Promise.resolve()
    : new Promise((resolve) => {
        const observer = new PerformanceObserver((list) => {
          if (!painted(list.getEntries())) return;
          observer.disconnect();
          resolve();
        });
        observer.observe({ type: 'paint', buffered: true });
      });
  Promise.all([firstPaint, imagesShown]).then(start);
  setTimeout(start, 3000);
})();
