import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';

/** PGlite's WebAssembly, compiled, and its file bundle: what it otherwise reads and compiles as it opens. */
export interface PgliteFiles {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/** Bytes a WebAssembly function runs before V8 recompiles it: a hundred times V8's default. */
const WASM_TIERING_BUDGET = 180_000_000;

// Node has WebAssembly; the ES library typings this project uses declare only its types.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteFiles['pgliteWasmModule']> };

/**
 * Reads PGlite's files at once (asynchronous reads waited for the busy main thread) and starts compiling
 * its WebAssembly on V8's background threads, while the server's own modules load; first it raises V8's
 * threshold for recompiling WebAssembly, so PostgreSQL's run-once start code is left alone
 * (docs/architecture.md, "The embedded database"). Resolves to undefined when the files are not where
 * PGlite keeps them: PGlite then loads them itself.
 */
export function preloadPgliteFiles(): Promise<PgliteFiles | undefined> {
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
