import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { ExportProblem } from '../problems.ts';
import { hasNativeInflate, type NativeInflate, nativeInflate } from './native-inflate.ts';

/** Zips inside zips are opened this deep (Apple's copy nests Apple_Media_Services.zip, and more). */
const MAX_ZIP_DEPTH = 3;

/** Takes a file's bytes as they arrive. */
export interface ByteSink {
  push(bytes: Uint8Array, final: boolean): void;
}

/**
 * A zip read as its bytes arrive (`push`): every file `want` takes inflated into its sink as it is
 * unpacked, and zips inside it read the same way. After each chunk, `waiting()` holds the reading back
 * while the platform's inflate is behind; `done()` settles once every file is read, throwing what a
 * file's reader threw, or `damaged()` for a zip that isn't whole.
 */
export class ZipReader {
  /** The platform's inflate, where there is one (fflate's own otherwise). */
  private readonly inflate: NativeInflate | null = hasNativeInflate() ? nativeInflate() : null;
  /** Every zip opened, the ones inside too: each must have been read to its end. */
  private readonly zips: { complete(): boolean }[] = [];
  private readonly top: ByteSink;
  /** Every file's path, in this zip and the ones inside it. */
  readonly paths: string[] = [];

  constructor(
    private readonly want: (path: string) => ByteSink | null,
    private readonly damaged: () => ExportProblem,
  ) {
    this.top = this.walker(0);
  }

  push(chunk: Uint8Array, final: boolean): void {
    this.top.push(chunk, final);
  }

  async waiting(): Promise<void> {
    this.failed();
    await this.inflate?.ready();
    this.failed();
  }

  async done(): Promise<void> {
    await this.inflate?.settled();
    this.failed();
    if (this.zips.some((zip) => !zip.complete())) throw this.damaged();
  }

  private failed(): void {
    const failure = this.inflate?.failure();
    if (failure) throw failure instanceof ExportProblem ? failure : this.damaged();
  }

  private walker(depth: number): ByteSink {
    const open = new Set<string>();
    let sawSignature = false;
    let ended = false;
    this.zips.push({ complete: () => sawSignature && ended && open.size === 0 });
    const unzip = new Unzip((entry: UnzipFile) => {
      const path = entry.name;
      this.paths.push(path);
      const sink = /\.zip$/i.test(path) && depth < MAX_ZIP_DEPTH ? this.walker(depth + 1) : this.want(path);
      if (!sink) return;
      open.add(path);
      entry.ondata = (error, data, final) => {
        if (error) throw this.damaged();
        sink.push(data, final);
        if (final) open.delete(path);
      };
      entry.start();
    });
    unzip.register(this.inflate?.decoder ?? UnzipInflate);
    return {
      push: (chunk, final) => {
        if (!sawSignature && chunk.byteLength >= 4) {
          // Every zip starts with a local file header, "PK\x03\x04".
          if (chunk[0] !== 0x50 || chunk[1] !== 0x4b || chunk[2] !== 3 || chunk[3] !== 4)
            throw this.damaged();
          sawSignature = true;
        }
        try {
          unzip.push(chunk, final);
        } catch (error) {
          if (error instanceof ExportProblem) throw error;
          throw this.damaged();
        }
        if (final) ended = true;
      },
    };
  }
}
