/**
 * The pages of the screens a visit most often opens on (docs/architecture.md, "The first frame"), written
 * after `vite build` into `dist/pages/*.html` from the built `index.html`; the server sends them for
 * those paths with its configuration written in.
 *
 * - /login and /signup are rendered with React on the build machine: the screen's markup in `#root`, its
 *   stylesheets linked. The browser paints them before any JavaScript runs; the code is asked for after
 *   that first paint, then React hydrates them.
 * - / and /callback (whose content is the listener's own) link the stylesheets of the Top 40 and bring
 *   its code (and the callback screen's) with the app's entry instead of after it. / also paints the
 *   frame the app saved when it last drew the list, its code after (docs/architecture.md, "The
 *   listener's first frame").
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SIGNUP_OUTCOME } from '@heavy-rotation/contracts/constants';
import { build, type Manifest } from 'vite';
import type { AppConfig } from '../src/config/app-config.ts';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(WEB, 'dist');

/** The prerendered screens, their route modules, and whether the Last.fm button changes them. */
const SCREENS = [
  { path: '/login', name: 'login', module: 'src/app/routes/login.tsx', lastfmVariant: true, outcomes: false },
  // Also as the server answers a form the browser posted itself (docs/product.md, "The waitlist form").
  {
    path: '/signup',
    name: 'signup',
    module: 'src/app/routes/signup.tsx',
    lastfmVariant: false,
    outcomes: true,
  },
] as const;

/** The pages whose screens' code is preloaded: their route modules, or chunks by name (vite.config.ts). */
const PRELOADED = [
  {
    path: '/callback',
    name: 'callback',
    modules: ['src/app/routes/callback.tsx', 'top40'],
  },
] as const;

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

/** The modules' (or named chunks') own chunks, the chunks they import, and the stylesheets of all of them. */
function assetsOf(manifest: Manifest, keys: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k] ?? Object.values(manifest).find((c) => !c.src && c.name === k);
    if (!chunk) throw new Error(`${k} is not in the build's manifest`);
    // The entry (index.html's script and stylesheet) is in the page already.
    if (chunk.isEntry) return;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

/**
 * The page is painted from its HTML and CSS: its scripts only bring it to life. The built page's module
 * script and its preloads give way to `/start.js` (public/start.js), which asks for them after the
 * first paint.
 */
function loadAfterPaint(html: string, screenScripts: string[], drawSaved = false): string {
  const main = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!main) throw new Error('dist/index.html has no module script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  const attributes = `src="/start.js" data-main="${escapeAttr(main)}" data-preload="${escapeAttr(
    [...preloads, ...screenScripts].join(' '),
  )}"`;
  const page = html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  const moduleScript = /<script type="module" crossorigin src="[^"]+"><\/script>/;
  if (!drawSaved) return page.replace(moduleScript, `<script defer ${attributes}></script>`);
  // A saved frame is drawn before the first paint: by a script right after #root, not a deferred one.
  return page
    .replace(moduleScript, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root"></div>\n    <script ${attributes} data-first-frame></script>`,
    );
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function main(): Promise<void> {
  const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const shell = await readFile(join(DIST, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

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
      renderScreen: (path: string, config: AppConfig) => Promise<string>;
    };
    await mkdir(join(DIST, 'pages'), { recursive: true });
    const write = async (path: string, file: string, page: string) => {
      await writeFile(join(DIST, 'pages', file), page);
      console.info(`${path} → dist/pages/${file} (${page.length} bytes)`);
    };
    const stylesheets = (styles: string[]) =>
      styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`);
    for (const screen of SCREENS) {
      const { scripts, styles } = assetsOf(manifest, [screen.module]);
      const links = stylesheets(styles);
      const base = loadAfterPaint(
        shell,
        scripts.filter((href) => !shell.includes(`"${href}"`)),
      );
      const variants = [
        ...(screen.lastfmVariant ? [false, true] : [false]).map((lastfm) => ({
          lastfm,
          query: '',
          file: `${screen.name}${lastfm ? '.lastfm' : ''}.html`,
        })),
        ...(screen.outcomes
          ? [SIGNUP_OUTCOME.thanks, SIGNUP_OUTCOME.error].map((outcome) => ({
              lastfm: false,
              query: `?${SIGNUP_OUTCOME.param}=${outcome}`,
              file: `${screen.name}.${outcome}.html`,
            }))
          : []),
      ];
      for (const { lastfm, query, file } of variants) {
        const rendered = await entry.renderScreen(`${screen.path}${query}`, configWith(lastfm));
        // React puts the preloads of what the screen shows (the wordmark) first: they go to the head.
        const preloads = rendered.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
        const markup = rendered.slice(preloads.length);
        if (!markup.includes('<main')) throw new Error(`${screen.path} rendered no screen`);
        const head = [...(preloads.match(/<link [^>]*\/>/g) ?? []), ...links].join('\n    ');
        const page = base
          .replace('</head>', `  ${head}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${screen.name}">${markup}</div>`,
          );
        await write(`${screen.path}${query}`, file, page);
      }
    }
    // The Top 40: a returning listener's page paints the frame the app saved last time, its code after.
    {
      const { scripts, styles } = assetsOf(manifest, ['top40']);
      const page = loadAfterPaint(
        shell,
        scripts.filter((href) => !shell.includes(`"${href}"`)),
        true,
      );
      await write(
        '/',
        'top40.html',
        page.replace('</head>', `  ${stylesheets(styles).join('\n    ')}\n  </head>`),
      );
    }
    for (const screen of PRELOADED) {
      const { scripts, styles } = assetsOf(manifest, screen.modules);
      const head = [
        ...stylesheets(styles),
        ...scripts
          .filter((href) => !shell.includes(`"${href}"`))
          .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`),
      ].join('\n    ');
      await write(screen.path, `${screen.name}.html`, shell.replace('</head>', `  ${head}\n  </head>`));
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

await main();
// The render's modules leave timers behind (analytics, session checks): the work is done.
process.exit(0);
