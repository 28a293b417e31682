// `npm run build -w apps/server`: the server as one JavaScript module for production (docs/deploy.md,
// "Building"). Our own packages are bundled in (they are TypeScript); npm dependencies stay imports.
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { writePgliteTemplate } from '../src/db/client.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@heavy-rotation/') ? undefined : { path: args.path, external: true },
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
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
// The migrations are read at start, next to the module (see src/db/client.ts).
await cp(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
// An empty data folder starts from this dump instead of creating a database (src/db/client.ts).
await writePgliteTemplate(`${dist}/pglite-template.tar.gz`);
console.log(`built ${dist}/index.js`);
