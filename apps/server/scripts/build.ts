// `npm run build -w apps/server`: the server as one JavaScript module for production (docs/deploy.md,
// "Building"). Our own packages and npm dependencies are bundled in, but for the few listed below.
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { writePgliteTemplate } from '../src/db/template.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

// Loaded from node_modules at run time: PGlite finds its WebAssembly and data files beside its own
// module, and pg is only imported with DATABASE_URL. Every other package is bundled in: one file to read
// and compile instead of hundreds makes the start faster (docs/deploy.md, "Building").
const KEEP_EXTERNAL = ['@electric-sql/pglite', 'pg', 'pg-native'];
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      KEEP_EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/index.ts`],
  outdir: dist,
  // The routes are a chunk of their own, imported while the database starts (src/index.ts): their npm
  // dependencies load then, not before the database is asked to open.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Less to read and compile at every start.
  minify: true,
  plugins: [npmPackagesExternal],
  // Bundled CommonJS packages require Node's own modules: give the ES module a require of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The migrations are read at start, next to the module (see src/db/client.ts).
await cp(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
// An empty data folder starts from this dump instead of creating a database (src/db/client.ts).
await writePgliteTemplate(`${dist}/pglite-template.tar.gz`);
console.log(`built ${dist}/index.js`);
