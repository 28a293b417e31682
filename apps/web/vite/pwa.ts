import { API_PREFIXES, CONFIG_PATH } from '@heavy-rotation/contracts';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * A service worker route's test, written from `condition` (over `request`, `url`, `sameOrigin`) with the
 * route table's data paths (`DATA`: the API prefixes and the configuration) in it: the service worker
 * gets the function's source alone, so the table's values are written into it, not referred to.
 */
function serviceWorkerMatch(
  condition: string,
): (options: { request: Request; url: URL; sameOrigin: boolean }) => boolean {
  const data = JSON.stringify([...API_PREFIXES, CONFIG_PATH]);
  return new Function(
    'options',
    `const { request, url, sameOrigin } = options; const DATA = ${data}; return ${condition};`,
  ) as (options: { request: Request; url: URL; sameOrigin: boolean }) => boolean;
}

export function pwa() {
  return VitePWA({
    // Registered from our own module (src/pwa/register.ts): the CSP allows no inline script.
    injectRegister: false,
    // A new version waits until every tab of the old one is closed: an open tab is never swapped.
    registerType: 'prompt',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'wordmark.svg', 'podium.png', 'help.svg'],
    manifest: {
      name: 'Heavy Rotation',
      short_name: 'Heavy Rotation',
      description: 'Your top 40 Spotify artists of the last four weeks, unlocked by a quiz.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#0b0b0f',
      theme_color: '#0b0b0f',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The operator console's files (and its charting library) are never stored on a listener's device;
      // the pages of dist/pages are the server's to send (with its configuration written in).
      globIgnores: ['**/admin-*', 'pages/**'],
      // Navigations go to the server first (below), not to the stored shell: neither as the fallback of
      // every navigation nor as the stored answer for `/` (a folder's index).
      navigateFallback: null,
      directoryIndex: null,
      runtimeCaching: [
        {
          // A visit gets the server's page: its configuration written in, and a prerendered screen or the
          // saved first frame (docs/architecture.md, "The first frame"). Without a network (or after 3 s),
          // the copy of the last one; never seen, the stored shell. Stored without the query: /callback's
          // carries a sign-in code. (Self-contained: the service worker gets this function's source.)
          urlPattern: serviceWorkerMatch(
            `sameOrigin && request.mode === 'navigate' && !DATA.some((path) => url.pathname.startsWith(path))`,
          ),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 3,
            cacheableResponse: { statuses: [200] },
            precacheFallback: { fallbackURL: '/index.html' },
            plugins: [
              {
                cacheKeyWillBeUsed: async ({ request }) => {
                  const url = new URL(request.url);
                  return `${url.origin}${url.pathname}`;
                },
              },
            ],
          },
        },
        {
          // The app starts from its configuration: keep the last copy for offline starts.
          urlPattern: serviceWorkerMatch(`sameOrigin && url.pathname === ${JSON.stringify(CONFIG_PATH)}`),
          handler: 'NetworkFirst',
          options: { cacheName: 'app-config', networkTimeoutSeconds: 3 },
        },
        {
          // Artist pictures (Spotify's or the emulator's), so the saved list still has its images.
          urlPattern: ({ request, sameOrigin }) => !sameOrigin && request.destination === 'image',
          handler: 'CacheFirst',
          options: {
            cacheName: 'artist-images',
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
      ],
    },
  });
}
