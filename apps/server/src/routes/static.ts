import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { type Context, Hono } from 'hono';
import { createFileCache, isCompressible, pickEncoding } from '../http/file-cache.ts';

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
  '.zip': 'application/zip',
};

// Paths that belong to the API: an unknown one is a 404, never the page.
const API_PREFIXES = ['/api/', '/functions/', '/rest/', '/auth/'];

/**
 * Serves the built web app: hashed assets for a year, everything else revalidated on every visit. Text
 * files go out brotli- or gzip-compressed when the caller accepts it, from an in-memory cache.
 */
export function staticRoutes(distFolder: string): Hono {
  const dist = resolve(distFolder);
  const app = new Hono();
  const files = createFileCache();

  async function send(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    };
    let encoding: ReturnType<typeof pickEncoding>;
    if (isCompressible(file)) {
      encoding = pickEncoding(c.req.header('Accept-Encoding'));
      // Caches must keep the plain and the compressed answer apart.
      headers.Vary = 'Accept-Encoding';
      if (encoding) headers['Content-Encoding'] = encoding;
    }
    const body = await files.read(file, info.mtimeMs, info.size, encoding);
    return c.body(body, 200, headers);
  }

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
      const immutable = path.startsWith('/assets/');
      const sent = await send(c, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (sent) return sent;
      // A missing file (an old hashed asset, a typo) must not come back as the page with a 200.
      if (extname(path) || path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    const page = await send(c, join(dist, 'index.html'), 'no-cache');
    return page ?? c.text('The web app is not built: run npm run build', 503);
  });
  return app;
}
