import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sampleExport } from './scripts/sample-export.ts';
import { SCREEN_CHUNKS } from './src/app/screens.ts';
import { earlyScript, MAIN } from './vite/early-script.ts';
import { messages } from './vite/messages.ts';
import { faviconInPage, manifestLinkAtRuntime } from './vite/page-html.ts';
import { pwa } from './vite/pwa.ts';

const api = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    messages(),
    // The prerender's build (scripts/prerender.ts) needs React only.
    ...(isSsrBuild ? [] : [earlyScript(), sampleExport(), pwa(), manifestLinkAtRuntime(), faviconInPage()]),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/app-config.json': api, '/api': api, '/functions': api, '/rest': api, '/auth': api },
  },
  // The previous build's hashed files stay: a tab opened before a deploy can still load its lazy chunks
  // (docs/deploy.md, "Deploying a new build"). Hashed names never collide.
  build: {
    target: 'es2022',
    emptyOutDir: false,
    // Few files on the way to the first screen (docs/architecture.md, "The first frame"): what the entry
    // imports stays in the entry, and the screens' chunks are the route map's (src/app/screens.ts).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The page (index.html) carries no module script: the early script loads the app's entry
          // (vite/early-script.ts).
          input: { shell: fileURLToPath(new URL('./index.html', import.meta.url)), index: MAIN },
          output: {
            codeSplitting: {
              groups: [
                // The page (index.html) is an entry too, with no module of its own: not in the group.
                { name: 'boot', tags: ['$initial'], test: /^(?!.*\.html$)/, priority: 2 },
                ...Object.entries(SCREEN_CHUNKS).map(([name, test]) => ({ name, test, priority: 1 })),
              ],
            },
          },
        },
  },
}));
