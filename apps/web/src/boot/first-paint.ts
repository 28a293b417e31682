/**
 * The page's first contentful paint (its `paint` performance entry): the moment the first frame with
 * content is on screen. The early script (boot/start.ts) asks for the app's code after it, and the app
 * lets what must not compete with the first screen go after it (boot/after-load.ts); docs/architecture.md,
 * "The first frame".
 */
const contentful = (entries: PerformanceEntryList) =>
  entries.some((entry) => entry.name === 'first-contentful-paint');

/** Whether this browser records paint entries at all (without them nothing says when a frame was shown). */
export function paintEntriesRecorded(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint') === true
  );
}

/** Whether the first contentful frame is on screen already. */
export function contentfulPainted(): boolean {
  return contentful(performance.getEntriesByType('paint'));
}

/** Settles once the first contentful frame is on screen (at once if it is). Only where paint entries are recorded. */
export function whenContentfulPainted(): Promise<void> {
  if (contentfulPainted()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!contentful(list.getEntries())) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
