import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Serves the built web app: hashed assets for a year, the page itself revalidated on every visit. */
export function staticRoutes(dist: string): Hono {
  const app = new Hono();
  app.get('*', async (c) => {
    const path = normalize(decodeURIComponent(new URL(c.req.url).pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path);
    if (file.startsWith(dist) && path !== '/') {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const immutable = path.startsWith('/assets/');
        return c.body(await readFile(file), 200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
      if (extname(path)) return c.text('Not found', 404);
    }
    const html = await readFile(join(dist, 'index.html')).catch(() => undefined);
    if (!html) return c.text('The web app is not built: run npm run build', 503);
    return c.body(html, 200, { 'Content-Type': TYPES['.html'] as string, 'Cache-Control': 'no-cache' });
  });
  return app;
}
