// The prerendered landing screens' one script (docs/architecture.md, "The first frame"). The screen is
// painted from the page's HTML and CSS; the app's code is asked for only after that first paint, so on a slow network it never competes with what the listener sees first.
// Then React takes the screen over.
(() => {
  const tag = document.currentScript;
  if (!tag) return;
  const main = tag.dataset.main;
  const preload = (tag.dataset.preload || '').split(' ').filter(Boolean);
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
  // Once the first contentful frame is on screen (its paint entry). A tab in the background paints
  // nothing, and a browser without paint entries says nothing: those start at once; a timer as well.
  const painted = (entries) => entries.some((entry) => entry.name === 'first-contentful-paint');
  if (
    document.visibilityState === 'hidden' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    painted(performance.getEntriesByType('paint'))
  ) {
    start();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
})();
