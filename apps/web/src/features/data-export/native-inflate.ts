import type { FlateError, UnzipDecoder, UnzipDecoderConstructor } from 'fflate';

/**
 * The platform's own inflate (`DecompressionStream('deflate-raw')`, native code) as an fflate unzip
 * decoder, through fflate's public `Unzip.register`: fflate still walks the zip as it arrives, and the
 * platform inflates each file about three times as fast as JavaScript can (docs/decisions/033-apple-
 * and-youtube-exports.md, "Reading fast").
 *
 * Its output arrives asynchronously, so what the file's reader throws is kept in `failure`, every
 * file's end is awaited with `settled()`, and `ready()` holds the reading back while the platform is
 * behind (memory stays flat however large the zip).
 */
export interface NativeInflate {
  decoder: UnzipDecoderConstructor;
  /** The first error a file's reader threw, if any. */
  failure(): unknown;
  /** Settles when the platform can take more. */
  ready(): Promise<void>;
  /** Settles when every file started has been inflated to its end. */
  settled(): Promise<void>;
}

/** Whether this platform inflates raw deflate data itself. */
export function hasNativeInflate(): boolean {
  try {
    return typeof DecompressionStream === 'function' && new DecompressionStream('deflate-raw') !== null;
  } catch {
    return false;
  }
}

const EMPTY = new Uint8Array(0);

export function nativeInflate(): NativeInflate {
  let failure: unknown = null;
  const running = new Set<Promise<void>>();
  const waits = new Set<Promise<void>>();

  class Decoder implements UnzipDecoder {
    static readonly compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly writer: WritableStreamDefaultWriter<BufferSource>;

    constructor() {
      const stream = new DecompressionStream('deflate-raw');
      this.writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      const done = (async () => {
        try {
          for (;;) {
            const { value, done: end } = await reader.read();
            if (failure) return;
            this.ondata(null, end ? EMPTY : value, end);
            if (end) return;
          }
        } catch (error) {
          // A reader's own problem, or data the platform could not inflate: fflate's words for it.
          failure ??= error instanceof Error && error.name !== 'TypeError' ? error : inflateError(error);
          reader.cancel().catch(() => undefined);
        }
      })();
      running.add(done);
      done.finally(() => running.delete(done));
    }

    push(chunk: Uint8Array, final: boolean): void {
      if (failure) return;
      // A copy: fflate keeps reading the buffer the chunk is cut from.
      if (chunk.byteLength > 0) this.writer.write(chunk.slice()).catch(() => undefined);
      if (final) this.writer.close().catch(() => undefined);
      else if ((this.writer.desiredSize ?? 1) <= 0) {
        const wait = this.writer.ready.catch(() => undefined);
        waits.add(wait);
        wait.finally(() => waits.delete(wait));
      }
    }
  }

  return {
    decoder: Decoder,
    failure: () => failure,
    ready: async () => {
      await Promise.all(waits);
    },
    settled: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

function inflateError(cause: unknown): FlateError {
  const error = new Error('invalid deflate data', { cause }) as FlateError;
  error.code = 1;
  return error;
}
