import { Unzip, type UnzipFile, UnzipInflate } from 'fflate';
import { CsvShapeError } from './csv-rows.ts';
import { formatOf, type HistoryFormat, playOf, SPOTIFY_FIELDS } from './entries.ts';
import { EXPORT_INPUT, EXPORT_LOOKS, type ExportKind } from './export-kinds.ts';
import { JsonFieldReader, JsonShapeError } from './json-fields.ts';
import { hasNativeInflate, type NativeInflate, nativeInflate } from './native-inflate.ts';
import { appleArtist, appleDailyReader, appleLibraryReader, youtubeHistoryReader } from './other-exports.ts';
import { type RankedArtist, Ranking } from './ranking.ts';

/** Larger than any export a service sends: refused before a byte is read. */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;
/** Zips inside zips are opened this deep (Apple's copy nests Apple_Media_Services.zip, and more). */
const MAX_ZIP_DEPTH = 3;

/** What went wrong, naming the file, in the listener's words (docs/product.md, "The data exports"). */
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
  kind: ExportKind;
  artists: RankedArtist[];
  /** The newest entry of the history, ms since the epoch. */
  newestEntry: number | null;
  /** Entries read in all history files. */
  entries: number;
  /** From Identity.json or Userdata.json when a Spotify export has one. */
  displayName: string | null;
}

export interface ParseOptions {
  /** Which export the files were chosen as: Spotify's unless said. */
  kind?: ExportKind;
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
const APPLE_DAILY_FILE = /(^|\/)Apple Music - Play History Daily Tracks\.csv$/i;
const APPLE_LIBRARY_FILE = /(^|\/)Apple Music Library Tracks\.json$/i;
const YOUTUBE_FOLDER = /(^|\/)[^/]*YouTube[^/]*\//i;
const YOUTUBE_HTML = /(^|\/)watch-history\.html$/i;
const MAX_IDENTITY_CHARS = 64 * 1024;
const HEAD_CHARS = 4096;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Which export a file's name (or a path inside a zip) belongs to, when it says. */
function kindOfPath(path: string): ExportKind | null {
  if (ACCOUNT_FILE.test(path) || EXTENDED_FILE.test(path) || OTHER_HISTORY.test(path)) return 'spotify';
  if (/Apple_Media_Services|(^|\/)Apple Music/i.test(path) || /\.csv$/i.test(path)) return 'apple';
  if (/(^|\/)Takeout\//.test(path) || /(^|\/)(watch|search)-history\.(json|html)$/i.test(path))
    return 'youtube';
  return null;
}

/** Which export the start of a file's text looks like, when it does. */
function kindOfText(head: string): ExportKind | null {
  if (/"(endTime|msPlayed|ms_played|master_metadata_album_artist_name)"\s*:/.test(head)) return 'spotify';
  if (/"(titleUrl|activityControls)"\s*:/.test(head)) return 'youtube';
  if (/Track Description|Play Duration Milliseconds|Track Identifier/.test(head)) return 'apple';
  return null;
}

function looksLike(file: string, kind: ExportKind): ExportProblem {
  return new ExportProblem(
    file,
    `${file} looks like ${EXPORT_LOOKS[kind]}. Choose it under "${EXPORT_INPUT[kind]}".`,
  );
}

/** Reads one file's bytes as they arrive. */
interface Sink {
  push(bytes: Uint8Array, final: boolean): void;
}

/** Text of a file as it arrives, with the first few thousand characters kept for telling what it is. */
function textSink(onText: (text: string, final: boolean) => void): Sink & { head: string } {
  const decoder = new TextDecoder();
  const sink = {
    head: '',
    push(bytes: Uint8Array, final: boolean) {
      const text = decoder.decode(bytes, { stream: !final });
      if (sink.head.length < HEAD_CHARS) sink.head += text.slice(0, HEAD_CHARS);
      onText(text, final);
    },
  };
  return sink;
}

/** What the reading of one export gathers. */
class Gathered {
  readonly ranking: Ranking;
  histories = 0;
  entries = 0;
  displayName: string | null = null;
  /** Artists named on their own by Apple's library file (only those with " - " in their names). */
  readonly known = new Set<string>();
  /** Other exports a zip's paths pointed to. */
  readonly seen = new Set<ExportKind>();
  sawHtml = false;
  /** The platform's inflate for zips, where there is one (fflate's own otherwise). */
  readonly inflate: NativeInflate | null = hasNativeInflate() ? nativeInflate() : null;
  /** Every zip opened, the ones inside others too: each must have been read to its end. */
  readonly zips: { complete(): boolean }[] = [];

  constructor(readonly kind: ExportKind) {
    this.ranking = new Ranking(kind === 'youtube' ? 'plays' : 'time');
  }
}

/** A Spotify history file (docs/product.md, "The Spotify data export"), checked on its first entry. */
function spotifySink(file: string, into: Gathered, alone: boolean): Sink {
  let format: HistoryFormat | null = null;
  const notHistory = () => {
    const other = kindOfText(sink.head);
    return other && other !== 'spotify'
      ? looksLike(file, other)
      : new ExportProblem(file, `${file} isn't a Spotify streaming history file.`);
  };
  const reader = new JsonFieldReader(SPOTIFY_FIELDS, (entry) => {
    format ??= formatOf(entry);
    const play = format ? playOf(entry, format) : null;
    if (!play) throw notHistory();
    into.ranking.add(play);
  });
  const sink = textSink((text, final) => {
    try {
      reader.push(text);
    } catch (error) {
      if (error instanceof ExportProblem) throw error;
      if (!reader.sawArray) throw notHistory();
      throw new ExportProblem(file, `${file} is damaged: its JSON is malformed.`);
    }
    if (final) {
      if (!reader.complete) {
        throw new ExportProblem(
          file,
          reader.sawArray ? `${file} is damaged: its JSON ends early.` : `${file} is empty.`,
        );
      }
      if (reader.entries === 0 && alone) throw new ExportProblem(file, `${file} has no plays in it.`);
      into.histories++;
      into.entries += reader.entries;
    }
  });
  return sink;
}

function appleSink(file: string, into: Gathered, alone: boolean): Sink {
  const reader = appleDailyReader(
    (play) => into.ranking.add(play),
    () => {
      const other = kindOfText(sink.head);
      throw other && other !== 'apple'
        ? looksLike(file, other)
        : new ExportProblem(
            file,
            `${file} isn't Apple Music's daily play history: it has no Track Description, Date Played and Play Duration Milliseconds columns.`,
          );
    },
  );
  const sink = textSink((text, final) => {
    try {
      reader.push(text, final);
    } catch (error) {
      if (error instanceof ExportProblem) throw error;
      if (error instanceof CsvShapeError)
        throw new ExportProblem(file, `${file} is damaged: its CSV is malformed.`);
      throw error;
    }
    if (final) {
      if (!reader.header) throw new ExportProblem(file, `${file} is empty.`);
      if (reader.rows === 0 && alone) throw new ExportProblem(file, `${file} has no plays in it.`);
      into.histories++;
      into.entries += reader.rows;
    }
  });
  return sink;
}

/** Apple's library file: optional, so a library that can't be read is let be. */
function appleLibrarySink(into: Gathered): Sink {
  const reader = appleLibraryReader(into.known);
  let failed = false;
  return textSink((text) => {
    if (failed) return;
    try {
      reader.push(text);
    } catch {
      failed = true;
    }
  });
}

/** A Takeout history file. In a zip, JSON of another shape is passed over; chosen alone, it is a problem. */
function youtubeSink(file: string, into: Gathered, alone: boolean): Sink {
  let wrongShape = false;
  const notHistory = () => {
    const other = kindOfText(sink.head);
    return other && other !== 'youtube'
      ? looksLike(file, other)
      : new ExportProblem(file, `${file} isn't a YouTube watch history file.`);
  };
  const reader = youtubeHistoryReader(
    (play) => into.ranking.add(play),
    (ok) => {
      if (!ok) wrongShape = true;
    },
  );
  const sink = textSink((text, final) => {
    if (wrongShape) return;
    try {
      reader.push(text);
    } catch (error) {
      if (!alone) {
        wrongShape = true;
        return;
      }
      if (error instanceof JsonShapeError && !reader.sawArray) throw notHistory();
      throw new ExportProblem(file, `${file} is damaged: its JSON is malformed.`);
    }
    if (wrongShape) {
      if (alone) throw notHistory();
      return;
    }
    if (final) {
      if (!reader.complete) {
        if (!alone) return;
        throw new ExportProblem(
          file,
          reader.sawArray ? `${file} is damaged: its JSON ends early.` : `${file} is empty.`,
        );
      }
      if (reader.entries === 0 && alone) throw new ExportProblem(file, `${file} has no plays in it.`);
      into.histories++;
      into.entries += reader.entries;
    }
  });
  return sink;
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

function identitySink(into: Gathered): Sink {
  let text = '';
  return textSink((chunk, final) => {
    if (text.length < MAX_IDENTITY_CHARS) text += chunk;
    if (final) into.displayName ??= nameFrom(text);
  });
}

/** The sink for a path inside a zip, or null for files not opened. */
function zipEntrySink(path: string, into: Gathered): Sink | null {
  const other = kindOfPath(path);
  if (other && other !== into.kind) into.seen.add(other);
  switch (into.kind) {
    case 'spotify':
      if (OTHER_HISTORY.test(path)) return null;
      if (ACCOUNT_FILE.test(path) || EXTENDED_FILE.test(path))
        return spotifySink(baseName(path), into, false);
      if (IDENTITY_FILE.test(path) && into.displayName === null) return identitySink(into);
      return null;
    case 'apple':
      if (APPLE_DAILY_FILE.test(path)) return appleSink(baseName(path), into, false);
      if (APPLE_LIBRARY_FILE.test(path)) return appleLibrarySink(into);
      return null;
    case 'youtube':
      if (YOUTUBE_HTML.test(path)) into.sawHtml = true;
      // Takeout names folders and files in the account's language: every JSON under a YouTube folder
      // is looked at, and only watch history entries count.
      if (/\.json$/i.test(path) && YOUTUBE_FOLDER.test(path)) return youtubeSink(baseName(path), into, false);
      return null;
  }
}

/** A zip read as its bytes arrive; zips inside it are read the same way, as they are unpacked. */
function zipSink(into: Gathered, damaged: () => ExportProblem, depth: number): Sink {
  const open = new Set<string>();
  let sawSignature = false;
  let ended = false;
  into.zips.push({ complete: () => sawSignature && ended && open.size === 0 });
  const unzip = new Unzip((entry: UnzipFile) => {
    const path = entry.name;
    const sink =
      /\.zip$/i.test(path) && depth < MAX_ZIP_DEPTH
        ? zipSink(into, damaged, depth + 1)
        : zipEntrySink(path, into);
    if (!sink) return;
    open.add(path);
    entry.ondata = (error, data, final) => {
      if (error) throw damaged();
      sink.push(data, final);
      if (final) open.delete(path);
    };
    entry.start();
  });
  unzip.register(into.inflate?.decoder ?? UnzipInflate);
  return {
    push(chunk, final) {
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
      if (final) ended = true;
    },
  };
}

/** Reads a zip to its end: every file in it (and in the zips inside it) inflated and read. */
async function readZip(
  file: ExportFile,
  into: Gathered,
  options: ParseOptions,
  progress: { read: number; total: number },
): Promise<void> {
  const damaged = () =>
    new ExportProblem(
      file.name,
      `${file.name} is damaged or isn't a complete zip file. Download it again and try once more.`,
    );
  const failed = () => {
    const failure = into.inflate?.failure();
    if (failure) throw failure instanceof ExportProblem ? failure : damaged();
  };
  const zips = into.zips.length;
  await readChunks(file, options, progress, zipSink(into, damaged, 0), async () => {
    failed();
    await into.inflate?.ready();
    failed();
  });
  await into.inflate?.settled();
  failed();
  if (into.zips.slice(zips).some((zip) => !zip.complete())) throw damaged();
}

async function readChunks(
  file: ExportFile,
  options: ParseOptions,
  progress: { read: number; total: number },
  sink: Sink,
  afterChunk?: () => Promise<void>,
): Promise<void> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      if (options.signal?.aborted) throw new ImportCancelled('Cancelled');
      const { value, done } = await reader.read();
      if (done) {
        sink.push(new Uint8Array(0), true);
        return;
      }
      sink.push(value, false);
      await afterChunk?.();
      progress.read += value.byteLength;
      options.onProgress?.(progress.read, progress.total, file.name);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** What a zip without the export's history is told. */
function noHistory(file: string, into: Gathered): ExportProblem {
  const other = [...into.seen][0];
  if (other) return looksLike(file, other);
  switch (into.kind) {
    case 'spotify':
      return new ExportProblem(
        file,
        `${file} holds no music streaming history. Spotify names it StreamingHistory_music_0.json (Account data) or Streaming_History_Audio_….json (Extended streaming history).`,
      );
    case 'apple':
      return new ExportProblem(
        file,
        `${file} holds no Apple Music play history. Apple names it "Apple Music - Play History Daily Tracks.csv", inside Apple_Media_Services.zip.`,
      );
    case 'youtube':
      return into.sawHtml
        ? new ExportProblem(
            file,
            `${file} holds the watch history as HTML. In Google Takeout, choose JSON as the history's format and export again.`,
          )
        : new ExportProblem(
            file,
            `${file} holds no YouTube watch history. Takeout names it watch-history.json, in the YouTube and YouTube Music folder.`,
          );
  }
}

/** What each export takes chosen on its own, besides a .zip. */
const LOOSE: Record<ExportKind, { test: RegExp; words: string }> = {
  spotify: {
    test: /\.json$/i,
    words: 'a .zip or .json file. Choose the .zip Spotify emailed you, or the .json files inside it.',
  },
  apple: {
    test: /\.(csv|json)$/i,
    words:
      'a .zip or .csv file. Choose the .zip Apple sent you, or "Apple Music - Play History Daily Tracks.csv" inside it.',
  },
  youtube: {
    test: /\.json$/i,
    words: 'a .zip or .json file. Choose the .zip Google Takeout made, or watch-history.json inside it.',
  },
};

/** The sink for a file chosen on its own, or null for one to pass over. */
function looseSink(file: ExportFile, into: Gathered): Sink | null {
  const other = kindOfPath(file.name);
  switch (into.kind) {
    case 'spotify':
      if (other && other !== 'spotify' && other !== 'youtube') throw looksLike(file.name, other);
      if (OTHER_HISTORY.test(file.name)) return null;
      return spotifySink(file.name, into, true);
    case 'apple':
      if (/\.json$/i.test(file.name)) {
        if (APPLE_LIBRARY_FILE.test(file.name)) return appleLibrarySink(into);
        throw looksLike(file.name, other && other !== 'apple' ? other : 'spotify');
      }
      return appleSink(file.name, into, true);
    case 'youtube':
      if (other === 'spotify') throw looksLike(file.name, other);
      return youtubeSink(file.name, into, true);
  }
}

/**
 * Reads the files the listener chose as one export (a .zip as the service sends it, or the history
 * files inside it) and ranks the artists. Throws an ExportProblem naming the file for anything it
 * cannot use.
 */
export async function parseExport(
  files: readonly ExportFile[],
  options: ParseOptions = {},
): Promise<ExportResult> {
  const into = new Gathered(options.kind ?? 'spotify');
  const progress = { read: 0, total: files.reduce((sum, f) => sum + f.size, 0) };
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) {
      throw new ExportProblem(
        file.name,
        `${file.name} is over 2 GB, larger than any export we know. Choose the .zip the service sent you.`,
      );
    }
    if (/\.zip$/i.test(file.name)) {
      const before = { histories: into.histories, entries: into.entries };
      await readZip(file, into, options, progress);
      if (into.histories === before.histories) throw noHistory(file.name, into);
      if (into.entries === before.entries) {
        throw new ExportProblem(
          file.name,
          `${file.name} has no plays in its ${into.kind === 'spotify' ? 'streaming' : 'play'} history.`,
        );
      }
    } else if (LOOSE[into.kind].test.test(file.name) || /\.html?$/i.test(file.name)) {
      if (/\.html?$/i.test(file.name)) {
        throw new ExportProblem(
          file.name,
          into.kind === 'youtube'
            ? `${file.name} is the HTML version of the history. In Google Takeout, choose JSON as the history's format and export again.`
            : `${file.name} isn't ${LOOSE[into.kind].words}`,
        );
      }
      const sink = looseSink(file, into);
      if (sink) await readChunks(file, options, progress, sink);
    } else {
      const other = kindOfPath(file.name);
      if (other && other !== into.kind) throw looksLike(file.name, other);
      throw new ExportProblem(file.name, `${file.name} isn't ${LOOSE[into.kind].words}`);
    }
  }
  if (into.histories === 0) {
    const names = files.map((f) => f.name).join(', ');
    throw new ExportProblem(
      names,
      into.kind === 'spotify'
        ? `${names}: podcasts and videos only, no music streaming history.`
        : `${names}: no play history in ${files.length > 1 ? 'these files' : 'this file'}.`,
    );
  }
  const artistOf = into.kind === 'apple' ? appleArtist(into.known, into.ranking.windowNames()) : undefined;
  return {
    kind: into.kind,
    artists: into.ranking.top(undefined, artistOf),
    newestEntry: into.ranking.newestEntry,
    entries: into.entries,
    displayName: into.displayName,
  };
}
