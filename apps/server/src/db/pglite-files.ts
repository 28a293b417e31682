import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** PGlite's WebAssembly, compiled, and its file bundle: what it otherwise reads and compiles as it opens. */
export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

// Node has WebAssembly; the ES library typings this project uses declare only its types.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteFiles['pgliteWasmModule']> };

/**
 * Reads PGlite's files at once (asynchronous reads waited for the busy main thread) and starts compiling
 * its WebAssembly on V8's background threads, while the server's own modules load (docs/architecture.md,
 * "The embedded database"). Both files are entry points PGlite's package exports, and both are options
 * PGlite takes. Resolves to undefined when they cannot be read: PGlite then loads them itself.
 */
export function preloadPgliteFiles(): Promise<PgliteFiles | undefined> {
  try {
    const resolve = createRequire(import.meta.url).resolve;
    const fsBundle = new Blob([readFileSync(resolve('@electric-sql/pglite/pglite.data'))]);
    return WebAssembly.compile(readFileSync(resolve('@electric-sql/pglite/pglite.wasm'))).then(
      (pgliteWasmModule) => ({ pgliteWasmModule, fsBundle }),
      () => undefined,
    );
  } catch {
    return Promise.resolve(undefined);
  }
}
