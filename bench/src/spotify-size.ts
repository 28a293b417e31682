import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from '../../scripts/stack.ts';
import { atMost, type Measure, measured } from './results.ts';

interface Sizes {
  coreOneCallGzip: number;
  wholePackageGzip: number;
}

function isSizes(value: unknown): value is Sizes {
  const v = value as Partial<Sizes> | null;
  return typeof v?.coreOneCallGzip === 'number' && typeof v.wholePackageGzip === 'number';
}

/** Minified, gzipped esbuild bundle of an entry that imports the package by name, as an app would. */
async function gzipOf(contents: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length;
}

/** The package's own measuring script when it has one (it knows its entry points), else our own bundle. */
async function sizes(): Promise<{ sizes: Sizes; how: string }> {
  try {
    const script = pathToFileURL(`${ROOT}/packages/spotify/scripts/measure-size.ts`).href;
    const mod = (await import(script)) as { measureSize?: () => Promise<unknown> };
    const result = await mod.measureSize?.();
    if (isSizes(result)) return { sizes: result, how: 'packages/spotify/scripts/measure-size.ts' };
  } catch {
    // Fall through to bundling here.
  }
  return {
    sizes: {
      coreOneCallGzip: await gzipOf(
        "export { createClient, getMyTopArtists } from '@heavy-rotation/spotify';",
      ),
      wholePackageGzip: await gzipOf("export * from '@heavy-rotation/spotify';"),
    },
    how: 'esbuild --bundle --minify, gzip -9',
  };
}

export async function measureSpotifySize(): Promise<Measure[]> {
  const { sizes: s, how } = await sizes();
  return [
    measured('Spotify client: core + one call (gzip)', s.coreOneCallGzip, 'bytes', atMost(1200), how),
    measured('Spotify client: whole package (gzip)', s.wholePackageGzip, 'bytes'),
  ];
}
