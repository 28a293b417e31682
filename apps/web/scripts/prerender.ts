/**
 * The pages of the screens a visit most often opens on (docs/architecture.md, "The first frame"): the
 * route table's pages (`PAGE_ROUTES`, packages/contracts), written after `vite build` into
 * `dist/pages/*.html`; the server sends them for those paths with its configuration written in.
 *
 * Each is the built shell (`dist/index.html`, which boots through the early script) with its two marked
 * slots filled: `<!--page-head-->` with the screen's stylesheets and the list of its code (the
 * `#screen-code` JSON block the early script reads), `<!--page-root-->` with the screen's markup as
 * React renders it on the build machine (react-dom/static, src/prerender.tsx) for the prerendered ones.
 * The browser paints those before any JavaScript runs; the code is asked for after that first paint,
 * then React hydrates them. The others (`/`, `/callback`) have their screen's code asked for with the
 * app's entry; `/` also paints the frame the app saved when it last drew the list.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGE_ROUTES, type PageRoute, SIGNUP_OUTCOME } from '@heavy-rotation/contracts';
import { build, type Manifest } from 'vite';
import type { AppConfig } from '../src/config/app-config.ts';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB, 'dist');
const HEAD_SLOT = '<!--page-head-->';
const ROOT_SLOT = '<!--page-root-->';
const ENTRY = 'src/main.tsx';

/** Each page's screen code: its route modules, or chunks by name (vite.config.ts). */
const SCREEN_CODE: Record<string, readonly string[]> = {
  login: ['src/app/routes/login.tsx'],
  signup: ['src/app/routes/signup.tsx'],
  top40: ['top40'],
  // Sign-in ends there and goes on to the Top 40.
  callback: ['src/app/routes/callback.tsx', 'top40'],
};

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

/**
 * The chunks of the modules (or named chunks) and the chunks they import, and the stylesheets of all
 * of them, leaving out the app's entry and what it imports: the early script loads those on every page.
 */
function assetsOf(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${ENTRY} is not in the build's manifest`);
  const seen = new Set<string>([ENTRY, ...(entry.imports ?? [])]);
  const scripts: string[] = [];
  const styles: string[] = [];
  // A named chunk is looked up by its name (SCREEN_CODE) and reached by its manifest key from a module
  // that imports it: one file either way, listed once (`/callback` names the Top 40's after its own).
  const keyOf = (wanted: string) =>
    wanted in manifest
      ? wanted
      : Object.keys(manifest).find((k) => !manifest[k]?.src && manifest[k]?.name === wanted);
  const visit = (wanted: string) => {
    const key = keyOf(wanted);
    const chunk = key === undefined ? undefined : manifest[key];
    if (key === undefined || !chunk) throw new Error(`${wanted} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
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
  const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
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
      logLevel: 'warn',
      build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, manifest: false },
    });
    const entry = (await import(pathToFileURL(join(out, 'prerender.js')).href)) as {
      renderScreen: (location: string, config: AppConfig) => Promise<string>;
    };
    await mkdir(join(DIST, 'pages'), { recursive: true });
    for (const page of PAGE_ROUTES) {
      const code = SCREEN_CODE[page.name];
      if (!code) throw new Error(`The route table's page ${page.path} has no screen code here`);
      const { scripts, styles } = assetsOf(manifest, code);
      const head = [
        ...styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
        // Data, not a script (the CSP runs none inline); file names hold no `<`.
        `<script type="application/json" id="screen-code">${JSON.stringify(scripts)}</script>`,
      ].join('\n    ');
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
