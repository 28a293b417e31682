import { afterLoad } from '../boot/after-load.ts';

const MANIFEST = '/manifest.webmanifest';

/**
 * Links the app manifest once the page has loaded and the browser is idle (docs/architecture.md, "The
 * first frame"): the browser fetches the manifest and its icons as soon as it sees the link, which would
 * compete with the first screen. The built pages carry no link (vite/page-html.ts).
 */
export function linkManifestWhenIdle(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = () => {
    const element = document.createElement('link');
    element.rel = 'manifest';
    element.href = MANIFEST;
    document.head.append(element);
  };
  afterLoad(link);
}

/**
 * Installs the service worker that keeps the app shell for offline use (production builds only), once the
 * first screen is painted: its script and the files it stores would compete with that screen. The browser's
 * own API, no helper library: a new version waits until every tab of the old one is closed (vite/pwa.ts,
 * `registerType: 'prompt'`), so there is nothing to prompt and nothing to listen for.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoad(() => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('Offline support is unavailable', error));
  });
}
