/**
 * The pages of the screens a visit most often opens on (docs/architecture.md, "The first frame"): the
 * route map's screens with a page of the route table (`page` in src/app/screens.ts, `PAGE_ROUTES` in
 * packages/contracts), written after `vite build` into `dist/pages/*.html`; the server sends them for
 * those paths with its configuration written in.
 *
 * Each is the built shell (`dist/index.html`, which boots through the early script and lists each first
 * screen's code for it) with its two marked slots filled: `<!--page-head-->` with the screen's
 * stylesheets, `<!--page-root-->` with the screen's markup as React renders it on the build machine
 * (react-dom/static, src/prerender.tsx) for the prerendered ones. The browser paints those before any
 * JavaScript runs; the code is asked for after that first paint, then React hydrates them. The others
 * (`/`, `/callback`) have their screen's code asked for with the app's entry; `/` also paints the frame
 * the app saved when it last drew the list.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, PAGE_ROUTES, type PageRoute, SIGNUP_OUTCOME } from '@heavy-rotation/contracts';
import { build } from 'vite';
import { SCREENS } from '../src/app/screens.ts';
import type { AppConfig } from '../src/config/app-config.ts';
import type { CatalogLanguage } from '../src/i18n/i18n.ts';
import { FIRST_SCREENS_FILE, type ScreenFiles } from '../vite/first-screens.ts';
import { CATALOG_FILES, PSEUDO } from '../vite/messages.ts';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB, 'dist');
const HEAD_SLOT = '<!--page-head-->';
const ROOT_SLOT = '<!--page-root-->';

/** A configuration for the render: only `lastfm` shows on these screens (see the server's static routes). */
function configWith(lastfm: boolean): AppConfig {
  return {
    productName: 'Heavy Rotation',
    spotifyClientId: 'prerender',
    spotifyAccountsUrl: 'https://accounts.invalid',
    spotifyApiUrl: 'https://api.invalid/v1',
    backendUrl: 'https://backend.invalid',
    anonKey: 'prerender-anon-key-prerender',
    lastfm,
    listenbrainzSettingsUrl: 'https://listenbrainz.invalid/settings/',
  };
}

/** The files written for a page: the page itself, and its variants (with Last.fm, a form's answers). */
function variantsOf(page: PageRoute): { file: string; location: string; lastfm: boolean }[] {
  const variants = [{ file: page.name, location: page.path, lastfm: false }];
  if (page.lastfmVariant) variants.push({ file: `${page.name}.lastfm`, location: page.path, lastfm: true });
  if (page.answers) {
    for (const outcome of [SIGNUP_OUTCOME.thanks, SIGNUP_OUTCOME.error]) {
      const location = `${page.path}?${SIGNUP_OUTCOME.param}=${outcome}`;
      variants.push({ file: `${page.name}.${outcome}`, location, lastfm: false });
    }
  }
  return variants;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface PageTexts {
  title: string;
  description: string;
  shareDescription: string;
}

/**
 * The shell in a language (docs/languages.md, "Which language"): `<html lang>`, the title and the
 * descriptions in it, and its catalog asked for with the app's entry (the early script preloads what
 * `data-preload` lists), so the first render waits for no extra round trip.
 */
function shellIn(shell: string, language: CatalogLanguage, texts: PageTexts, catalog: string): string {
  const swap = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`dist/index.html has no ${pattern}`);
    return html.replace(pattern, () => replacement);
  };
  let html = swap(shell, /<html lang="[^"]*">/, `<html lang="${language}">`);
  html = swap(html, /<title>[^<]*<\/title>/, `<title>${escapeAttr(texts.title)}</title>`);
  html = swap(
    html,
    /<meta name="description" content="[^"]*"/,
    `<meta name="description" content="${escapeAttr(texts.description)}"`,
  );
  html = swap(
    html,
    /<meta property="og:title" content="[^"]*"/,
    `<meta property="og:title" content="${escapeAttr(texts.title)}"`,
  );
  html = swap(
    html,
    /<meta property="og:description" content="[^"]*"/,
    `<meta property="og:description" content="${escapeAttr(texts.shareDescription)}"`,
  );
  // The preview image with its words in the language (scripts/draw-artwork.ts); English's is the plain name.
  if (language !== 'en' && language !== PSEUDO)
    html = swap(
      html,
      /<meta property="og:image" content="\/og-image\.jpg"/,
      `<meta property="og:image" content="/og-image.${language}.jpg"`,
    );
  const preload = html.match(/data-preload="([^"]*)"/)?.[1];
  if (preload === undefined) throw new Error('dist/index.html has no early script with data-preload');
  return html.replace(`data-preload="${preload}"`, () => `data-preload="${preload} ${escapeAttr(catalog)}"`);
}

async function main(): Promise<void> {
  const files = JSON.parse(await readFile(join(DIST, FIRST_SCREENS_FILE), 'utf8')) as Record<
    string,
    ScreenFiles
  >;
  const shell = await readFile(join(DIST, 'index.html'), 'utf8');
  if (!shell.includes(HEAD_SLOT) || !shell.includes(ROOT_SLOT)) {
    throw new Error(`dist/index.html has no ${HEAD_SLOT} or ${ROOT_SLOT}`);
  }

  // Beside the app's packages, so the render's imports of react and the rest resolve.
  const out = join(WEB, 'node_modules/.cache/prerender');
  try {
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      // The configuration imports the route map, whose screens import stylesheets: run, not bundled.
      configLoader: 'runner',
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, manifest: false },
    });
    const entry = (await import(pathToFileURL(join(out, 'prerender.js')).href)) as {
      renderScreen: (location: string, config: AppConfig, language: CatalogLanguage) => Promise<string>;
      pageTexts: (language: CatalogLanguage) => Promise<PageTexts>;
    };
    const catalogs = JSON.parse(await readFile(join(DIST, CATALOG_FILES), 'utf8')) as Record<string, string>;
    // Every page in every language, and the pseudo-language of the checks (docs/languages.md).
    for (const language of [...LANGUAGES, PSEUDO] as CatalogLanguage[]) {
      const catalog = catalogs[language];
      if (!catalog) throw new Error(`The build has no catalog for ${language}`);
      const localShell = shellIn(shell, language, await entry.pageTexts(language), catalog);
      const dir = join(DIST, 'pages', language);
      await mkdir(dir, { recursive: true });
      // Any other path gets the shell in the visitor's language.
      await writeFile(join(dir, 'shell.html'), localShell.replace(HEAD_SLOT, '').replace(ROOT_SLOT, ''));
      for (const page of PAGE_ROUTES) {
        const screen = SCREENS.find((s) => s.page === page.name);
        const styles = screen && files[screen.path]?.styles;
        if (!styles)
          throw new Error(`The route table's page ${page.path} has no first screen in the route map`);
        const head = styles
          .map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`)
          .join('\n    ');
        for (const variant of variantsOf(page)) {
          // React puts the preloads of what the screen shows (the wordmark) first: the browser's preload
          // scanner finds them there, and hydration passes over them.
          const markup =
            page.render === 'prerendered'
              ? await entry.renderScreen(variant.location, configWith(variant.lastfm), language)
              : '';
          if (page.render === 'prerendered' && !markup.includes('<main')) {
            throw new Error(`${variant.location} rendered no screen`);
          }
          const html = localShell.replace(HEAD_SLOT, () => head).replace(ROOT_SLOT, () => markup);
          await writeFile(join(dir, `${variant.file}.html`), html);
        }
      }
      console.info(`dist/pages/${language}: ${PAGE_ROUTES.length} pages and the shell`);
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

await main();
