import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { API_PREFIXES, CONFIG_PATH } from '@heavy-rotation/contracts';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { sampleExport } from './scripts/sample-export.ts';

const api = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The prerender's build (scripts/prerender.ts) needs React only.
    ...(isSsrBuild ? [] : [earlyScript(), sampleExport(), pwa(), manifestLinkAtRuntime(), faviconInPage()]),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/app-config.json': api, '/api': api, '/functions': api, '/rest': api, '/auth': api },
  },
  // The previous build's hashed files stay: a tab opened before a deploy can still load its lazy chunks
  // (docs/deploy.md, "Deploying a new build"). Hashed names never collide. The manifest tells the
  // prerender which files a screen needs.
  build: {
    target: 'es2022',
    emptyOutDir: false,
    manifest: !isSsrBuild,
    // Few files on the way to the first screen (docs/architecture.md, "The first frame"): what the entry
    // imports stays in the entry, and the Top 40 with all it imports is one chunk, `top40`, instead of
    // eight small ones, each a round trip on a slow network.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The page (index.html) carries no module script: the early script loads the app's entry
          // (earlyScript below).
          input: { shell: fileURLToPath(new URL('./index.html', import.meta.url)), index: MAIN },
          output: {
            codeSplitting: {
              groups: [
                // The page (index.html) is an entry too, with no module of its own: not in the group.
                { name: 'boot', tags: ['$initial'], test: /^(?!.*\.html$)/, priority: 2 },
                { name: 'top40', test: /src[\\/]app[\\/]routes[\\/]top40\.tsx$/, priority: 1 },
                // The quiz and a friend's challenge share the grid and the field: one chunk, one file name
                // in the entry's list of chunks.
                {
                  name: 'quiz',
                  test: /src[\\/](app[\\/]routes[\\/](quiz|challenge)\.tsx|features[\\/](quiz|challenge)[\\/])/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));

const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const EARLY_SCRIPT = 'src/boot/start.ts';

/**
 * The one boot of every page (docs/architecture.md, "The first frame"): the early script
 * (src/boot/start.ts), built by Vite as a bundle of its own (a classic script: it runs before the first
 * paint, so it cannot be a module) and written into the page right after `#root`, naming the app's entry
 * and its chunks; the entry's stylesheets are linked in the head. The page itself names no module
 * script. In development the page loads the entry directly.
 */
function earlyScript(): Plugin {
  let building = false;
  return {
    name: 'heavy-rotation-early-script',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const built = await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        publicDir: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          rolldownOptions: { input: EARLY_SCRIPT, output: { format: 'iife' } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((file) => file.type === 'chunk');
      if (!chunk) throw new Error(`${EARLY_SCRIPT} built nothing`);
      this.emitFile({ type: 'asset', name: 'start.js', originalFileName: EARLY_SCRIPT, source: chunk.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        if (!bundle) {
          return [{ tag: 'script', attrs: { type: 'module', src: '/src/main.tsx' }, injectTo: 'body' }];
        }
        const files = Object.values(bundle);
        const main = files.find(
          (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.facadeModuleId === MAIN,
        );
        const start = files.find(
          (file) => file.type === 'asset' && file.originalFileNames.includes(EARLY_SCRIPT),
        );
        if (!main || !start) throw new Error('The build has no app entry or no early script');
        // The stylesheets of the entry and of the chunks it imports (the `boot` group holds the app's own).
        const imported = main.imports.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        return [
          ...[...(main.viteMetadata?.importedCss ?? []), ...imported].map(
            (css): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
              injectTo: 'head',
            }),
          ),
          {
            tag: 'script',
            attrs: {
              src: `/${start.fileName}`,
              'data-main': `/${main.fileName}`,
              'data-preload': main.imports.map((file) => `/${file}`).join(' '),
            },
            injectTo: 'body',
          },
        ];
      },
    },
  };
}

/**
 * The app manifest is linked by the app once the page is idle (src/pwa/register.ts): the link the PWA
 * plugin writes into the page would have the browser fetch the manifest and its icons with the first
 * screen's files.
 */
function manifestLinkAtRuntime(): Plugin {
  return {
    name: 'heavy-rotation-manifest-link-at-runtime',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/\s*<link rel="manifest"[^>]*>/, ''),
    },
  };
}

/**
 * The favicon is written into the page as a data URL: the browser asks for a linked one while the first
 * screen loads, one more request before it is painted (docs/architecture.md, "The first frame").
 */
function faviconInPage(): Plugin {
  return {
    name: 'heavy-rotation-favicon-in-page',
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => {
        const svg = (await readFile(new URL('./public/favicon.svg', import.meta.url), 'utf8')).trim();
        // Only what a URL or the attribute cannot hold is escaped, so the page grows by the file's size.
        const data = svg
          .replace(/\s*\n\s*/g, '')
          .replace(/"/g, "'")
          .replace(/[%#<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
        const href = `data:image/svg+xml,${data}`;
        return html.replace(/<link rel="icon" href="\/favicon\.svg"/, `<link rel="icon" href="${href}"`);
      },
    },
  };
}

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

function pwa() {
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
