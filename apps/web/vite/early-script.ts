import { fileURLToPath } from 'node:url';
import { build, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { FIRST_SCREENS_FILE, firstScreenFiles } from './first-screens.ts';

const WEB = new URL('..', import.meta.url);
/** The app's entry, loaded by the early script. */
export const MAIN = fileURLToPath(new URL('../src/boot/main.tsx', import.meta.url));
const EARLY_SCRIPT = 'src/boot/start.ts';
/** The page's root, whose first child the early script is. */
const ROOT_OPEN = '<div id="root">';

/** A path pattern of the route map as the early script matches it: `:id` one segment, a trailing slash allowed. */
const asRegExp = (path: string) => `^${path.replace(/:[^/]+/g, '[^/]+').replace(/\/$/, '')}/?$`;

/** The app's entry chunk in a bundle. */
function mainOf(bundle: Rollup.OutputBundle): Rollup.OutputChunk {
  const main = Object.values(bundle).find(
    (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.facadeModuleId === MAIN,
  );
  if (!main) throw new Error('The build has no app entry');
  return main;
}

/**
 * The one boot of every page (docs/architecture.md, "The first frame"): the early script
 * (src/boot/start.ts), built by Vite as a bundle of its own (a classic script: it runs before the first
 * paint, so it cannot be a module) and written into the page as the first child of `#root`, before the
 * screen's markup, so no control of the screen is on the page before the script keeps its taps; it names
 * the app's entry and its chunks; the entry's stylesheets are linked in the head, and the code of each first screen of
 * the route map (app/screens.ts) is listed there by path for the early script (`#screen-code`). The
 * page itself names no module script. In development the page loads the entry directly.
 */
export function earlyScript(): Plugin {
  let building = false;
  return {
    name: 'heavy-rotation-early-script',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const built = await build({
        configFile: false,
        root: fileURLToPath(WEB),
        publicDir: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          rolldownOptions: { input: EARLY_SCRIPT, output: { format: 'iife' } },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((file) => file.type === 'chunk');
      if (!chunk) throw new Error(`${EARLY_SCRIPT} built nothing`);
      this.emitFile({ type: 'asset', name: 'start.js', originalFileName: EARLY_SCRIPT, source: chunk.code });
    },
    // The stylesheets of each first screen, for the prerender's pages (scripts/prerender.ts).
    generateBundle(_options, bundle) {
      if (!building) return;
      const source = JSON.stringify(firstScreenFiles(bundle, mainOf(bundle)), null, 2);
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }): HtmlTagDescriptor[] | { html: string; tags: HtmlTagDescriptor[] } {
        if (!bundle) {
          return [{ tag: 'script', attrs: { type: 'module', src: '/src/boot/main.tsx' }, injectTo: 'body' }];
        }
        const main = mainOf(bundle);
        const start = Object.values(bundle).find(
          (file) => file.type === 'asset' && file.originalFileNames.includes(EARLY_SCRIPT),
        );
        if (!start) throw new Error('The build has no early script');
        // The stylesheets of the entry and of the chunks it imports (the `boot` group holds the app's own).
        const imported = main.imports.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const screens = Object.entries(firstScreenFiles(bundle, main));
        const code = Object.fromEntries(screens.map(([path, files]) => [asRegExp(path), files.scripts]));
        const script = `<script src="/${start.fileName}" data-main="/${main.fileName}" data-preload="${main.imports.map((file) => `/${file}`).join(' ')}"></script>`;
        if (!html.includes(ROOT_OPEN)) throw new Error(`index.html has no ${ROOT_OPEN}`);
        return {
          html: html.replace(ROOT_OPEN, () => `${ROOT_OPEN}${script}`),
          tags: [
            ...[...(main.viteMetadata?.importedCss ?? []), ...imported].map(
              (css): HtmlTagDescriptor => ({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
                injectTo: 'head',
              }),
            ),
            // Data, not a script (the CSP runs none inline); file names hold no `<`.
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'screen-code' },
              children: JSON.stringify(code),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}
