import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHALLENGE_PAGE, type Language } from '@heavy-rotation/contracts';
import { CHALLENGE_ID } from '@heavy-rotation/contracts/challenges';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { type Env, webDistOf } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { languageOf, type PageLanguage, pageLanguageOf, VARY_LANGUAGE } from '../http/language.ts';
import { withConfig } from '../site/app-config.ts';
import { liveChallenge } from './games.ts';
import { challengeText } from './texts.ts';

/** What a link preview shows: never an artist (docs/decisions/027-challenge-links.md). */
interface Head {
  title: string;
  description: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The head in the visitor's language: the friend who opens the link, not the listener who sent it. */
function headOf(language: Language, name: string | null, size: number): Head {
  if (name) {
    return {
      title: challengeText(language, 'challenge.pageTitleNamed', { name, size }),
      description: challengeText(language, 'challenge.pageDescriptionNamed', { name, size }),
    };
  }
  return {
    title: challengeText(language, 'challenge.pageTitle', { size }),
    description: challengeText(language, 'challenge.pageDescription', { size }),
  };
}

const endedHead = (language: Language): Head => ({
  title: challengeText(language, 'challenge.ended'),
  description: challengeText(language, 'challenge.endedDescription'),
});

/** The shell page with a challenge's own title, description and preview image, and no robots. */
function withHead(html: string, head: Head, image: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const meta: Record<string, string> = {
    description,
    'og:title': title,
    'og:description': description,
    'og:image': image,
  };
  let page = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  for (const [key, value] of Object.entries(meta)) {
    page = page.replace(
      new RegExp(`(<meta (?:name|property)="${key}" content=")[^"]*(")`),
      (_, start: string, end: string) => `${start}${value}${end}`,
    );
  }
  return page.replace('</head>', '<meta name="robots" content="noindex" />\n  </head>');
}

/**
 * GET /c/<id>: the web app's page for a friend's challenge, with a head of its own for link previews
 * (docs/product.md, "Challenge a friend"). An ended or unknown link gets the page that says so.
 */
export function challengePageRoutes(
  env: Pick<Env, 'WEB_DIST'>,
  db: Db,
  configJson: string,
  origin: string,
  now: () => number,
): Hono {
  // Previews want an absolute address for the image; its words are in the visitor's language too
  // (apps/web/scripts/draw-artwork.ts draws one per language, English under the plain name).
  const imageOf = (language: Language) =>
    `${origin}/challenge-image${language === 'en' ? '' : `.${language}`}.jpg`;
  const dist = webDistOf(env);
  const shells = new Map<string, { mtimeMs: number; html: Promise<string> }>();
  async function fileHtml(file: string): Promise<string | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    let shell = shells.get(file);
    if (shell?.mtimeMs !== info.mtimeMs) {
      shell = { mtimeMs: info.mtimeMs, html: readFile(file, 'utf8').then((h) => withConfig(h, configJson)) };
      shells.set(file, shell);
    }
    return shell.html;
  }
  /**
   * The shell in the visitor's language, as the prerender writes it (site/static-routes.ts); a build
   * without its pages has only Vite's shell, which then says the language itself.
   */
  async function shellHtml(language: PageLanguage): Promise<string | undefined> {
    const own = await fileHtml(join(dist, 'pages', language, 'shell.html'));
    if (own) return own;
    const html = await fileHtml(join(dist, 'index.html'));
    return html?.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  }

  const app = new Hono();
  app.get(`${CHALLENGE_PAGE}:id`, async (c) => {
    const pageLanguage = pageLanguageOf(c);
    const language = languageOf(c);
    const html = await shellHtml(pageLanguage);
    if (!html) return c.text('The web app is not built: run npm run build', 503);
    const id = c.req.param('id');
    let head = endedHead(language);
    let status: 200 | 404 | 410 = 404;
    if (CHALLENGE_ID.test(id)) {
      try {
        const row = await liveChallenge(db, id, now());
        head = headOf(language, row.name, (row.artists as unknown[]).length);
        status = 200;
      } catch (error) {
        if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 410)) throw error;
        status = error.status;
      }
    }
    // The same address is a page in each language: caches keep them apart.
    const headers = { Vary: VARY_LANGUAGE, 'Content-Language': pageLanguage };
    return c.html(withHead(html, head, imageOf(language)), status, headers);
  });
  return app;
}
