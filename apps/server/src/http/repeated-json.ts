import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { type Encoding, pickEncoding } from './file-cache.ts';

/** Quick settings: an answer is compressed on the request that first asks for it. */
function encode(plain: Buffer<ArrayBuffer>, encoding: Encoding | undefined): Buffer<ArrayBuffer> {
  // Casts: zlib returns a Buffer over a fresh ArrayBuffer; its typing says ArrayBufferLike only.
  if (encoding === 'br')
    return brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }) as Buffer<ArrayBuffer>;
  if (encoding === 'gzip') return gzipSync(plain, { level: 6 }) as Buffer<ArrayBuffer>;
  return plain;
}

/**
 * Large JSON answers that many calls repeat unchanged (a listener's list, asked for on every visit):
 * written and compressed once per version, then sent as the same bytes, brotli or gzip when the caller
 * accepts it. A version names everything the answer holds; at most `maxBytes` are kept, the least asked
 * for dropped first.
 */
export function createRepeatedJson(maxBytes: number) {
  const answers = new LRUCache<string, Buffer<ArrayBuffer>>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });
  return (c: Context, version: string, build: () => unknown): Response => {
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const key = `${encoding ?? 'identity'}\0${version}`;
    let bytes = answers.get(key);
    if (!bytes) {
      bytes = encode(Buffer.from(JSON.stringify(build())), encoding);
      answers.set(key, bytes);
    }
    // Caches must keep the plain and the compressed answer apart.
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'application/json');
    return c.body(bytes);
  };
}
