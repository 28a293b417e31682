import { Unzip, UnzipInflate } from 'fflate';
import { formatOf, type HistoryFormat, playOf } from './entries.ts';
import { HistoryScanner } from './history-scanner.ts';
import { type RankedArtist, Ranking } from './ranking.ts';

/** Larger than any export Spotify sends: refused before a byte is read. */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;

/** What went wrong, naming the file, in the listener's words (docs/product.md, "The Spotify data export"). */
export class ExportProblem extends Error {
  override readonly name = 'ExportProblem';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

export class ImportCancelled extends Error {
  override readonly name = 'ImportCancelled';
}

export interface ExportResult {
  artists: RankedArtist[];
  /** The newest entry of the history, ms since the epoch. */
  newestEntry: number | null;
  /** Entries read in all history files. */
  entries: number;
  /** From Identity.json or Userdata.json when the export has one. */
  displayName: string | null;
}

export interface ParseOptions {
  /** Bytes read so far of all the files chosen, and which file is being read. */
  onProgress?: (read: number, total: number, file: string) => void;
  signal?: AbortSignal;
}

/** A file as the browser and Node both give it. */
export interface ExportFile {
  name: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

const ACCOUNT_FILE = /(^|\/)StreamingHistory(_music)?_?\d*\.json$/i;
const EXTENDED_FILE = /(^|\/)Streaming_History_Audio_[^/]*\.json$/i;
const OTHER_HISTORY =
  /(^|\/)(StreamingHistory_?podcast|StreamingHistory_?audiobook|Streaming_History_Video)[^/]*\.json$/i;
const IDENTITY_FILE = /(^|\/)(Identity|Userdata)\.json$/i;
const MAX_IDENTITY_CHARS = 64 * 1024;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Reads one history file's text as it arrives, checking its shape on the first entry. */
class HistoryReader {
  private format: HistoryFormat | null = null;
  private readonly decoder = new TextDecoder();
  private readonly scanner: HistoryScanner;
  entries = 0;

  constructor(
    private readonly file: string,
    ranking: Ranking,
  ) {
    this.scanner = new HistoryScanner((entry) => {
      this.format ??= formatOf(entry);
      const play = this.format ? playOf(entry, this.format) : null;
      if (!play) throw new ExportProblem(file, `${file} isn't a Spotify streaming history file.`);
      this.entries++;
      ranking.add(play);
    });
  }

  push(bytes: Uint8Array, final: boolean): void {
    try {
      this.scanner.push(this.decoder.decode(bytes, { stream: !final }));
    } catch (error) {
      if (error instanceof ExportProblem) throw error;
      throw new ExportProblem(this.file, `${this.file} is damaged: its JSON is malformed.`);
    }
    if (this.scanner.notAnArray) {
      throw new ExportProblem(this.file, `${this.file} isn't a Spotify streaming history file.`);
    }
    if (final && !this.scanner.complete) {
      throw new ExportProblem(
        this.file,
        this.scanner.sawArray ? `${this.file} is damaged: its JSON ends early.` : `${this.file} is empty.`,
      );
    }
  }
}

/** A display name from Identity.json (`displayName`) or Userdata.json (`username`). */
function nameFrom(text: string): string | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const record = data as Record<string, unknown>;
    const name = record.displayName ?? record.username;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 80) : null;
  } catch {
    return null;
  }
}

async function readChunks(
  file: ExportFile,
  options: ParseOptions,
  progress: { read: number; total: number },
  onChunk: (chunk: Uint8Array, final: boolean) => void,
): Promise<void> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      if (options.signal?.aborted) throw new ImportCancelled('Cancelled');
      const { value, done } = await reader.read();
      if (done) {
        onChunk(new Uint8Array(0), true);
        return;
      }
      onChunk(value, false);
      progress.read += value.byteLength;
      options.onProgress?.(progress.read, progress.total, file.name);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function readZip(
  file: ExportFile,
  ranking: Ranking,
  options: ParseOptions,
  progress: { read: number; total: number },
): Promise<{ histories: number; entries: number; displayName: string | null }> {
  let histories = 0;
  let entries = 0;
  let displayName: string | null = null;
  let sawSignature = false;
  const open = new Set<string>();
  const damaged = () =>
    new ExportProblem(
      file.name,
      `${file.name} is damaged or isn't a complete zip file. Download it again from Spotify and try once more.`,
    );
  const unzip = new Unzip((entry) => {
    const path = entry.name;
    if (OTHER_HISTORY.test(path)) return;
    if (ACCOUNT_FILE.test(path) || EXTENDED_FILE.test(path)) {
      histories++;
      open.add(path);
      const reader = new HistoryReader(baseName(path), ranking);
      entry.ondata = (error, data, final) => {
        if (error) throw damaged();
        reader.push(data, final);
        if (final) {
          open.delete(path);
          entries += reader.entries;
        }
      };
      entry.start();
    } else if (IDENTITY_FILE.test(path) && displayName === null) {
      let text = '';
      const decoder = new TextDecoder();
      entry.ondata = (error, data, final) => {
        if (error) throw damaged();
        if (text.length < MAX_IDENTITY_CHARS) text += decoder.decode(data, { stream: !final });
        if (final) displayName = nameFrom(text);
      };
      entry.start();
    }
  });
  unzip.register(UnzipInflate);
  await readChunks(file, options, progress, (chunk, final) => {
    if (!sawSignature && chunk.byteLength >= 4) {
      // Every zip starts with a local file header, "PK\x03\x04".
      if (chunk[0] !== 0x50 || chunk[1] !== 0x4b || chunk[2] !== 3 || chunk[3] !== 4) throw damaged();
      sawSignature = true;
    }
    try {
      unzip.push(chunk, final);
    } catch (error) {
      if (error instanceof ExportProblem) throw error;
      throw damaged();
    }
  });
  if (!sawSignature || open.size > 0) throw damaged();
  return { histories, entries, displayName };
}

/**
 * Reads the files the listener chose (the .zip Spotify emails, or the .json files inside it) and ranks
 * the artists. Throws an ExportProblem naming the file for anything it cannot use.
 */
export async function parseExport(
  files: readonly ExportFile[],
  options: ParseOptions = {},
): Promise<ExportResult> {
  const ranking = new Ranking();
  const progress = { read: 0, total: files.reduce((sum, f) => sum + f.size, 0) };
  let entries = 0;
  let histories = 0;
  let displayName: string | null = null;
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) {
      throw new ExportProblem(
        file.name,
        `${file.name} is over 2 GB, larger than any Spotify export. Choose the .zip Spotify emailed you.`,
      );
    }
    const lower = file.name.toLowerCase();
    if (lower.endsWith('.zip')) {
      const zip = await readZip(file, ranking, options, progress);
      if (zip.histories === 0) {
        throw new ExportProblem(
          file.name,
          `${file.name} holds no music streaming history. Spotify names it StreamingHistory_music_0.json (Account data) or Streaming_History_Audio_….json (Extended streaming history).`,
        );
      }
      if (zip.entries === 0)
        throw new ExportProblem(file.name, `${file.name} has no plays in its streaming history.`);
      histories += zip.histories;
      entries += zip.entries;
      displayName ??= zip.displayName;
    } else if (lower.endsWith('.json')) {
      if (OTHER_HISTORY.test(file.name)) continue;
      const reader = new HistoryReader(file.name, ranking);
      await readChunks(file, options, progress, (chunk, final) => reader.push(chunk, final));
      if (reader.entries === 0) throw new ExportProblem(file.name, `${file.name} has no plays in it.`);
      histories++;
      entries += reader.entries;
    } else {
      throw new ExportProblem(
        file.name,
        `${file.name} isn't a .zip or .json file. Choose the .zip Spotify emailed you, or the .json files inside it.`,
      );
    }
  }
  if (histories === 0) {
    const names = files.map((f) => f.name).join(', ');
    throw new ExportProblem(names, `${names}: podcasts and videos only, no music streaming history.`);
  }
  return { artists: ranking.top(), newestEntry: ranking.newestEntry, entries, displayName };
}
