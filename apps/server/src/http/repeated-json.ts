import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { type Encoding, encode, pickEncoding } from './file-cache.ts';

/**
 * Large JSON answers that many calls repeat unchanged (a listener's list, asked for on every visit):
 * written and compressed once per version (the server's one compressor, `./file-cache.ts`), then sent as
 * the same bytes, brotli or gzip when the caller accepts it. A version names everything the answer holds;
 * at most `maxBytes` are kept, the least asked for dropped first. Calls arriving while a version is
 * compressed wait for the same work.
 */
export function createRepeatedJson(maxBytes: number) {
  type Job = { build: () => unknown; encoding: Encoding | undefined };
  const answers = new LRUCache<string, Buffer<ArrayBuffer>, Job>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    fetchMethod: (_key, _stale, { context }) =>
      encode(Buffer.from(JSON.stringify(context.build())), context.encoding, 'quick'),
  });
  return async (c: Context, version: string, build: () => unknown): Promise<Response> => {
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const bytes = await answers.fetch(`${encoding ?? 'identity'}\0${version}`, {
      context: { build, encoding },
    });
    // fetchMethod never settles with nothing: it writes the answer or rejects.
    if (bytes === undefined) throw new Error('the answer could not be written');
    // Caches must keep the plain and the compressed answer apart.
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'application/json');
    return c.body(bytes);
  };
}
