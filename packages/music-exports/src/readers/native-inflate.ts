import type { FlateError, UnzipDecoder, UnzipDecoderConstructor } from 'fflate';

/**
 * The platform's own inflate (`DecompressionStream('deflate-raw')`, native code) as an fflate unzip
 * decoder, through fflate's public `Unzip.register`: fflate still walks the zip as it arrives, and the
 * platform inflates each file about three times as fast as JavaScript can (docs/decisions/033-apple-
 * and-youtube-exports.md, "Reading fast").
 *
 * Its output arrives asynchronously, so what the file's reader throws is kept in `failure`, every
 * file's end is awaited with `settled()`, and `ready()` holds the reading back while a file's reader
 * is behind the platform (memory stays flat however large the zip).
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
/**
 * Compressed bytes given to the platform before it takes them, or while a file's reader is still busy
 * with what it inflated: the reading waits above this, so little more than this much is ever held.
 */
const MAX_AHEAD_BYTES = 256 * 1024;

export function nativeInflate(): NativeInflate {
  let failure: unknown = null;
  const running = new Set<Promise<void>>();
  // Compressed bytes the platform has not taken yet; those given since a file's reader last found
  // nothing inflated to read; and the reading waiting for either to drop.
  let queued = 0;
  let ahead = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };
  const caughtUp = () => {
    ahead = 0;
    wake();
  };

  class Decoder implements UnzipDecoder {
    static readonly compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly writer: { write(chunk: Uint8Array<ArrayBuffer>): Promise<void>; close(): Promise<void> };

    constructor() {
      const stream = new DecompressionStream('deflate-raw');
      this.writer = stream.writable.getWriter();
      const reader = stream.readable.getReader();
      const done = (async () => {
        try {
          for (;;) {
            const next = reader.read();
            if (ahead > MAX_AHEAD_BYTES) {
              // A read of inflated data already there settles at once; one still pending after a turn
              // means the platform has nothing more yet: the reading may go on.
              let arrived = false;
              next.then(
                () => {
                  arrived = true;
                },
                () => undefined,
              );
              await Promise.resolve();
              if (!arrived) caughtUp();
            }
            const { value, done: end } = await next;
            if (failure) {
              reader.cancel().catch(() => undefined);
              return;
            }
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
      done.finally(() => {
        running.delete(done);
        caughtUp();
      });
    }

    push(chunk: Uint8Array, final: boolean): void {
      if (failure) return;
      // A copy: fflate keeps reading the buffer the chunk is cut from.
      if (chunk.byteLength > 0) {
        const size = chunk.byteLength;
        queued += size;
        ahead += size;
        this.writer
          .write(chunk.slice())
          .catch(() => undefined)
          .then(() => {
            queued -= size;
            wake();
          });
      }
      if (final) this.writer.close().catch(() => undefined);
    }
  }

  return {
    decoder: Decoder,
    failure: () => failure,
    // Not the streams' own backpressure: Node's DecompressionStream takes and gives thousands of
    // chunks before it asks to wait, so what it inflates faster than the file's reader reads would pile
    // up, up to the whole file.
    ready: async () => {
      while (!failure && (queued > MAX_AHEAD_BYTES || ahead > MAX_AHEAD_BYTES) && running.size > 0) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
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
