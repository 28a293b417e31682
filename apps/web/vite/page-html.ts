import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * The app manifest is linked by the app once the page is idle (src/pwa/register.ts): the link the PWA
 * plugin writes into the page would have the browser fetch the manifest and its icons with the first
 * screen's files.
 */
export function manifestLinkAtRuntime(): Plugin {
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
export function faviconInPage(): Plugin {
  return {
    name: 'heavy-rotation-favicon-in-page',
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => {
        const svg = (await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8')).trim();
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
