import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CHALLENGE_PAGE } from '@heavy-rotation/contracts';
import { CHALLENGE_ID } from '@heavy-rotation/contracts/challenges';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { type Env, webDistOf } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { withConfig } from '../site/app-config.ts';
import { liveChallenge } from './games.ts';

/** What a link preview shows: never an artist (docs/decisions/027-challenge-links.md). */
interface Head {
  title: string;
  description: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function headOf(name: string | null, size: number): Head {
  const whose = name ? `${name}'s` : "a friend's";
  const title = `Can you guess ${whose} top ${size}?`;
  return { title, description: `${title} Guess the artists on ${whose} heavy rotation, no sign-in needed.` };
}

const ENDED: Head = {
  title: 'This challenge has ended',
  description: 'This challenge has ended. Make your own top 40 and challenge your friends.',
};

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
  // Previews want an absolute address for the image.
  const image = `${origin}/challenge-image.jpg`;
  const shellFile = join(webDistOf(env), 'index.html');
  let shell: { mtimeMs: number; html: Promise<string> } | undefined;
  async function shellHtml(): Promise<string | undefined> {
    const info = await stat(shellFile).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (shell?.mtimeMs !== info.mtimeMs) {
      shell = {
        mtimeMs: info.mtimeMs,
        html: readFile(shellFile, 'utf8').then((h) => withConfig(h, configJson)),
      };
    }
    return shell.html;
  }

  const app = new Hono();
  app.get(`${CHALLENGE_PAGE}:id`, async (c) => {
    const html = await shellHtml();
    if (!html) return c.text('The web app is not built: run npm run build', 503);
    const id = c.req.param('id');
    let head = ENDED;
    let status: 200 | 404 | 410 = 404;
    if (CHALLENGE_ID.test(id)) {
      try {
        const row = await liveChallenge(db, id, now());
        head = headOf(row.name, (row.artists as unknown[]).length);
        status = 200;
      } catch (error) {
        if (!(error instanceof HttpError) || (error.status !== 404 && error.status !== 410)) throw error;
        status = error.status;
      }
    }
    return c.html(withHead(html, head, image), status);
  });
  return app;
}
