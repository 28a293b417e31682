import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
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

// Paths that belong to the API: an unknown one is a 404, never the page.
const API_PREFIXES = ['/api/', '/functions/', '/rest/', '/auth/'];

/** Serves the built web app: hashed assets for a year, everything else revalidated on every visit. */
export function staticRoutes(distFolder: string): Hono {
  const dist = resolve(distFolder);
  const app = new Hono();
  app.get('*', async (c) => {
    let path: string;
    try {
      path = normalize(decodeURIComponent(c.req.path));
    } catch {
      return c.json({ error: 'Malformed path' }, 400);
    }
    if (API_PREFIXES.some((p) => path.startsWith(p))) return c.json({ error: 'Not found' }, 404);
    const file = join(dist, path);
    if (file.startsWith(dist + sep) && path !== '/') {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        const immutable = path.startsWith('/assets/');
        return c.body(await readFile(file), 200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
      // A missing file (an old hashed asset, a typo) must not come back as the page with a 200.
      if (extname(path) || path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    const html = await readFile(join(dist, 'index.html')).catch(() => undefined);
    if (!html) return c.text('The web app is not built: run npm run build', 503);
    return c.body(html, 200, { 'Content-Type': TYPES['.html'] as string, 'Cache-Control': 'no-cache' });
  });
  return app;
}
