import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** PGlite's WebAssembly, compiled, and its file bundle: what it otherwise reads and compiles as it opens. */
export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

// Node has WebAssembly; the ES library typings this project uses declare only its types.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteFiles['pgliteWasmModule']> };

/**
 * Starts reading PGlite's files and compiling its WebAssembly (which V8 does on background threads), to
 * overlap with the loading of the server's own modules (docs/architecture.md, "The embedded database").
 * Resolves to undefined when the files are not where PGlite keeps them: PGlite then loads them itself.
 */
export function preloadPgliteFiles(): Promise<PgliteFiles | undefined> {
  try {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'pglite.data')).then((bytes) => new Blob([bytes])),
    ]).then(
      ([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }),
      () => undefined,
    );
  } catch {
    return Promise.resolve(undefined);
  }
}
