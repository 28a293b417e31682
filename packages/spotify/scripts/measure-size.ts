// Measures what an app pays for this package: the minified, gzipped bundle of the core plus one
// call, and of everything. `npx tsx scripts/measure-size.ts` prints JSON; the bench imports it.
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('../src/', import.meta.url).pathname;

async function gzipOf(contents: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
}

/** Gzipped bytes of `{ createClient, getMyTopArtists }` and of the whole public entry. */
export async function measureSize(): Promise<{ coreOneCallGzip: number; wholePackageGzip: number }> {
  return {
    coreOneCallGzip: await gzipOf("export { createClient, getMyTopArtists } from './index.ts';"),
    wholePackageGzip: await gzipOf("export * from './index.ts';"),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await measureSize()));
}
