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
import { PAGE_ROUTES, type PageRoute, SIGNUP_OUTCOME } from '@heavy-rotation/contracts';
import { build } from 'vite';
import { SCREENS } from '../src/app/screens.ts';
import type { AppConfig } from '../src/config/app-config.ts';
import { FIRST_SCREENS_FILE, type ScreenFiles } from '../vite/first-screens.ts';

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

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

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
      renderScreen: (location: string, config: AppConfig) => Promise<string>;
    };
    await mkdir(join(DIST, 'pages'), { recursive: true });
    for (const page of PAGE_ROUTES) {
      const screen = SCREENS.find((s) => s.page === page.name);
      const styles = screen && files[screen.path]?.styles;
      if (!styles)
        throw new Error(`The route table's page ${page.path} has no first screen in the route map`);
      const head = styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`).join('\n    ');
      for (const variant of variantsOf(page)) {
        // React puts the preloads of what the screen shows (the wordmark) first: the browser's preload
        // scanner finds them there, and hydration passes over them.
        const markup =
          page.render === 'prerendered'
            ? await entry.renderScreen(variant.location, configWith(variant.lastfm))
            : '';
        if (page.render === 'prerendered' && !markup.includes('<main')) {
          throw new Error(`${variant.location} rendered no screen`);
        }
        const html = shell.replace(HEAD_SLOT, () => head).replace(ROOT_SLOT, () => markup);
        await writeFile(join(DIST, 'pages', `${variant.file}.html`), html);
        console.info(`${variant.location} → dist/pages/${variant.file}.html (${html.length} bytes)`);
      }
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

await main();
