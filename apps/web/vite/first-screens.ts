import type { Rollup } from 'vite';
import { SCREENS, screenAt } from '../src/app/screens.ts';

/** The code and stylesheets a first screen needs beyond the app's entry (docs/architecture.md, "The route map"). */
export interface ScreenFiles {
  scripts: string[];
  styles: string[];
}

/** Where the build leaves the first screens' files for the prerender (scripts/prerender.ts), beside Vite's own. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/**
 * The files of each screen a page load may open on at once (`first` in app/screens.ts), by its path
 * pattern: its chunk and the chunks it imports, then those of the screen whose code comes with it
 * (`next`), with their stylesheets; the app's entry and what it imports left out (every page loads those).
 */
export function firstScreenFiles(
  bundle: Rollup.OutputBundle,
  main: Rollup.OutputChunk,
): Record<string, ScreenFiles> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const named = (name: string) => {
    const found = chunks.filter((chunk) => chunk.name === name && chunk !== main);
    if (found.length !== 1 || !found[0])
      throw new Error(`The build has ${found.length} chunks named ${name}`);
    return found[0];
  };
  const files: Record<string, ScreenFiles> = {};
  for (const screen of SCREENS) {
    if (!screen.first) continue;
    const seen = new Set([main.fileName, ...main.imports]);
    const own: ScreenFiles = { scripts: [], styles: [] };
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      own.scripts.push(`/${chunk.fileName}`);
      own.styles.push(...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`));
      for (const file of chunk.imports) {
        const imported = bundle[file];
        if (imported?.type === 'chunk') visit(imported);
      }
    };
    visit(named(screen.chunk));
    if (screen.next) visit(named(screenAt(screen.next).chunk));
    files[screen.path] = own;
  }
  return files;
}
