import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type Encoding = 'br' | 'gzip';

// Text formats shrink 3-4x; images and fonts are compressed already and would only cost CPU.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
// The built web app is a few MB; anything larger is read from disk each time and sent as is.
const MAX_CACHED_FILE = 4 * 1024 * 1024;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(extname(file));
}

/** The best encoding the caller accepts (RFC 9110 Accept-Encoding with q-values); brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.slice(0, 512).split(',')) {
    const [name = '', ...params] = part.split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.trim().slice(2));
    q.set(name.trim().toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((q.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}

/**
 * The server's one compressor, on libuv's thread pool: `most` for what is compressed once per deploy (the
 * built files), `quick` for what is compressed once per version of an answer (`./repeated-json.ts`).
 */
export function encode(
  bytes: Buffer<ArrayBuffer>,
  encoding: Encoding | undefined,
  effort: 'most' | 'quick' = 'most',
): Promise<Buffer<ArrayBuffer>> {
  if (encoding === 'br') {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: effort === 'most' ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  // Cast: zlib returns a Buffer over a fresh ArrayBuffer; its typing says ArrayBufferLike only.
  if (encoding === 'gzip')
    return gzipAsync(bytes, { level: effort === 'most' ? 9 : 6 }) as Promise<Buffer<ArrayBuffer>>;
  return Promise.resolve(bytes);
}

/**
 * A file's bytes, plain or compressed, read and compressed once per version (path + mtime) and then
 * served from memory, at most MAX_CACHED_BYTES of them, the least recently served dropped first (the
 * versions an old deploy left behind go before the current ones). Compression runs on libuv's thread pool,
 * so the first caller waits, and callers arriving meanwhile wait for the same work.
 */
export function createFileCache() {
  type Job = { file: string; encoding: Encoding | undefined; transform?: (text: string) => string };
  const entries = new LRUCache<string, Buffer<ArrayBuffer>, Job>({
    maxSize: MAX_CACHED_BYTES,
    // An empty file still takes an entry.
    sizeCalculation: (buffer) => Math.max(1, buffer.length),
    fetchMethod: async (_key, _stale, { context }) => {
      const plain = await readFile(context.file);
      const text = context.transform ? Buffer.from(context.transform(plain.toString('utf8'))) : plain;
      return encode(text, context.encoding);
    },
  });

  return {
    /** `transform` (one per file for the cache's life) changes the file's text before it is compressed. */
    async read(
      file: string,
      mtimeMs: number,
      size: number,
      encoding: Encoding | undefined,
      transform?: (text: string) => string,
    ): Promise<Buffer<ArrayBuffer>> {
      if (size > MAX_CACHED_FILE) return readFile(file);
      const key = `${encoding ?? 'identity'}\0${mtimeMs}\0${file}`;
      const context: Job = transform ? { file, encoding, transform } : { file, encoding };
      const bytes = await entries.fetch(key, { context });
      // fetchMethod never settles with nothing: it reads the file or rejects.
      if (bytes === undefined) throw new Error(`${file} could not be read`);
      return bytes;
    },
  };
}
