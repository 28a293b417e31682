import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { isApiPath, pageRoute, SIGNUP_OUTCOME } from '@heavy-rotation/contracts';
import { type Context, Hono } from 'hono';
import { type Env, webDistOf } from '../env.ts';
import { createFileCache, isCompressible, pickEncoding } from '../http/file-cache.ts';
import { type PageLanguage, pageLanguageOf, VARY_LANGUAGE } from '../http/language.ts';
import { withConfig } from './app-config.ts';

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

/** What the pages are sent with (docs/architecture.md, "The first frame"). */
export interface PageOptions {
  /** The web app's configuration as JSON, written into every page so the first screen asks nothing. */
  configJson: string;
  /** Whether Last.fm sign-in is on: the login screen prerendered with its button. */
  lastfm: boolean;
}

/** How a form the browser posted itself went, as the signup page's query says (waitlist/routes.ts). */
const OUTCOMES: readonly string[] = [SIGNUP_OUTCOME.thanks, SIGNUP_OUTCOME.error];

/**
 * Serves the built web app: hashed assets for a year, everything else revalidated on every visit. Text
 * files go out brotli- or gzip-compressed when the caller accepts it, from an in-memory cache. Pages
 * carry the configuration; the paths of the route table's pages (PAGE_ROUTES) get their own pages when the build has them.
 */
export function staticRoutes(env: Pick<Env, 'WEB_DIST'>, pages: PageOptions): Hono {
  const dist = webDistOf(env);
  const app = new Hono();
  const files = createFileCache();
  const page = (html: string) => withConfig(html, pages.configJson);

  /**
   * The build's own pages for a path in the visitor's language, best first, ending with the shell in it
   * (docs/languages.md, "Which language"): the prerender writes `dist/pages/<language>/`.
   */
  function ownPages(path: string, outcome: string | undefined, language: PageLanguage): string[] {
    const shell = join(dist, 'pages', language, 'shell.html');
    const screen = pageRoute(path);
    if (!screen) return [shell];
    const answered =
      screen.answers && outcome !== undefined && OUTCOMES.includes(outcome)
        ? [`${screen.name}.${outcome}.html`]
        : [];
    const variant = screen.lastfmVariant && pages.lastfm ? [`${screen.name}.lastfm.html`] : [];
    return [...answered, ...variant, `${screen.name}.html`, 'shell.html'].map((name) =>
      join(dist, 'pages', language, name),
    );
  }

  async function send(
    c: Context,
    file: string,
    cacheControl: string,
    language?: PageLanguage,
  ): Promise<Response | undefined> {
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
    if (language) {
      // The same address is a page in each language: caches keep them apart.
      headers.Vary = `${headers.Vary ?? 'Accept-Encoding'}, ${VARY_LANGUAGE}`;
      headers['Content-Language'] = language;
    }
    const html = extname(file) === '.html';
    const body = await files.read(file, info.mtimeMs, info.size, encoding, html ? page : undefined);
    return c.body(body, 200, headers);
  }

  app.get('*', async (c) => {
    let path: string;
    try {
      path = normalize(decodeURIComponent(c.req.path));
    } catch {
      return c.json({ error: 'Malformed path' }, 400);
    }
    if (isApiPath(path)) return c.json({ error: 'Not found' }, 404);
    const file = join(dist, path);
    if (file.startsWith(dist + sep) && path !== '/') {
      const immutable = path.startsWith('/assets/');
      const sent = await send(c, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (sent) return sent;
      // A missing file (an old hashed asset, a typo) must not come back as the page with a 200.
      if (extname(path) || path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    const language = pageLanguageOf(c);
    for (const file of ownPages(path, c.req.query(SIGNUP_OUTCOME.param), language)) {
      const sent = await send(c, file, 'no-cache', language);
      if (sent) return sent;
    }
    // A build without its pages (the web app's own dev build): the shell as Vite wrote it.
    const shell = await send(c, join(dist, 'index.html'), 'no-cache');
    return shell ?? c.text('The web app is not built: run npm run build', 503);
  });
  return app;
}
