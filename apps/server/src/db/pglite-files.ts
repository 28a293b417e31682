import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

/** PGlite's WebAssembly, compiled, and its file bundle: what it otherwise reads and compiles as it opens. */
export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

const WASM_TIERING_BUDGET = 180_000_000;

// Node has WebAssembly; the ES library typings this project uses declare only its types.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteFiles['pgliteWasmModule']> };

/**
 * Reads PGlite's files and starts compiling its WebAssembly (which V8 does on background threads), to
 * overlap with the loading of the server's own modules (docs/architecture.md, "The embedded database").
 * The files are read at once, in a few milliseconds: read asynchronously, each of their 30 or so chunks
 * waited for a turn of the main thread, which the module loading behind it kept busy, and the compiling
 * began last instead of first. Resolves to undefined when the files are not where PGlite keeps them:
 * PGlite then loads them itself.
 */
export function preloadPgliteFiles(): Promise<PgliteFiles | undefined> {
  // V8 recompiles a WebAssembly function with its optimising compiler, on background threads, once it has
  // run about this many bytes of code (its default is 1.8 million). Most of what PostgreSQL runs as it
  // opens runs once: at the default, that recompiling took about as much CPU time as the start itself,
  // on a machine with two cores. A hundred times the default leaves the start's code alone while the
  // functions that serve queries still get there (docs/architecture.md, "The embedded database").
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  try {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const fsBundle = new Blob([readFileSync(join(dist, 'pglite.data'))]);
    return WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))).then(
      (pgliteWasmModule) => ({ pgliteWasmModule, fsBundle }),
      () => undefined,
    );
  } catch {
    return Promise.resolve(undefined);
  }
}
