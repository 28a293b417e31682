import { codeOf, ExportProblem, ImportCancelled, looksLike, WrongShape } from './problems.ts';
import { type RankedArtist, Ranking } from './ranking.ts';
import { type ByteSink, ZipReader } from './readers/zip.ts';
import type { ExportService, FileReader, ServiceReading } from './service.ts';
import { type ExportKind, SERVICES } from './services/index.ts';

/** Larger than any export a service sends: refused before a byte is read. */
export const MAX_FILE_BYTES = 2 * 1024 ** 3;
/** The start of a file's text, enough to tell whose it looks like. */
const HEAD_CHARS = 4096;

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

/** The export a file's name or a path inside a zip belongs to: the one chosen unless another's says. */
const ownerOf = (service: ExportService, path: string) => SERVICES.find((s) => s.ownsPath(path)) ?? service;
/** Another export the start of a file's text belongs to. */
const otherByText = (service: ExportService, head: string) =>
  SERVICES.find((s) => s !== service && s.ownsText(head));

/** What the reading of one export gathers. */
class Reading {
  readonly ranking: Ranking;
  readonly of: ServiceReading;
  histories = 0;
  entries = 0;

  constructor(readonly service: ExportService) {
    this.ranking = new Ranking(service.measure);
    this.of = service.start();
  }

  /**
   * A file's bytes read as text as they arrive, the first few thousand characters kept: a file of the
   * wrong shape is told as the export its text looks like, if another's.
   */
  open(reader: FileReader, name: string, alone: boolean): ByteSink {
    const sink = reader.open({ name, alone, add: (play) => this.ranking.add(play) });
    const decoder = new TextDecoder();
    let head = '';
    const told = (error: unknown) => {
      const other = error instanceof WrongShape ? otherByText(this.service, head) : undefined;
      return other ? looksLike(name, other) : error;
    };
    return {
      push: (bytes, final) => {
        const text = decoder.decode(bytes, { stream: !final });
        if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS);
        let entries: number | null;
        try {
          sink.push(text);
          if (!final) return;
          entries = sink.end();
        } catch (error) {
          throw told(error);
        }
        if (entries === null || !reader.history) return;
        this.histories++;
        this.entries += entries;
      },
    };
  }
}

interface Progress {
  read: number;
  total: number;
  options: ParseOptions;
}

/** Hands the file's bytes to `push` as they arrive, with the progress told and the signal heeded. */
async function readChunks(
  file: ExportFile,
  progress: Progress,
  push: (bytes: Uint8Array, final: boolean) => void,
  afterChunk?: () => Promise<void>,
): Promise<void> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      if (progress.options.signal?.aborted) throw new ImportCancelled('Cancelled');
      const { value, done } = await reader.read();
      if (done) {
        push(new Uint8Array(0), true);
        return;
      }
      push(value, false);
      await afterChunk?.();
      progress.read += value.byteLength;
      progress.options.onProgress?.(progress.read, progress.total, file.name);
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Reads a zip to its end: every file wanted in it (and in the zips inside it) read. */
async function readZip(file: ExportFile, into: Reading, progress: Progress): Promise<void> {
  const before = { histories: into.histories, entries: into.entries };
  const seen = new Set<ExportService>();
  const zip = new ZipReader(
    (path) => {
      const owner = ownerOf(into.service, path);
      if (owner !== into.service) seen.add(owner);
      const reader = into.of.inZip(path);
      return reader && into.open(reader, path.slice(path.lastIndexOf('/') + 1), false);
    },
    () =>
      new ExportProblem(
        file.name,
        'damaged-zip',
        `${file.name} is damaged or isn't a complete zip file. Download it again and try once more.`,
      ),
  );
  await readChunks(
    file,
    progress,
    (bytes, final) => zip.push(bytes, final),
    () => zip.waiting(),
  );
  await zip.done();
  if (into.histories === before.histories) {
    const other = [...seen][0];
    throw other ? looksLike(file.name, other) : into.of.noHistory(file.name, zip.paths);
  }
  if (into.entries === before.entries) {
    throw new ExportProblem(
      file.name,
      codeOf('zip-no-plays', into.service),
      `${file.name} has no plays in its ${into.service.historyName}.`,
    );
  }
}

/** Reads a file chosen on its own, when the export takes it. */
async function readLoose(file: ExportFile, into: Reading, progress: Progress): Promise<void> {
  const { service } = into;
  const owner = ownerOf(service, file.name);
  if (owner !== service) throw looksLike(file.name, owner);
  if (!service.loose.test.test(file.name)) {
    throw new ExportProblem(
      file.name,
      codeOf('wrong-file', service),
      `${file.name} isn't ${service.loose.words}`,
    );
  }
  const reader = into.of.chosen(file.name);
  if (!reader) return;
  const sink = into.open(reader, file.name, true);
  await readChunks(file, progress, (bytes, final) => sink.push(bytes, final));
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
  const kind = options.kind ?? 'spotify';
  const service = SERVICES.find((s) => s.kind === kind) ?? SERVICES[0];
  const into = new Reading(service);
  const progress = { read: 0, total: files.reduce((sum, f) => sum + f.size, 0), options };
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) {
      throw new ExportProblem(
        file.name,
        'too-large',
        `${file.name} is over 2 GB, larger than any export we know. Choose the .zip the service sent you.`,
      );
    }
    if (/\.zip$/i.test(file.name)) await readZip(file, into, progress);
    else await readLoose(file, into, progress);
  }
  if (into.histories === 0) {
    const names = files.map((f) => f.name).join(', ');
    throw new ExportProblem(
      names,
      codeOf('nothing-read', service),
      service.nothingRead(names, files.length),
      {
        file: names,
        count: files.length,
      },
    );
  }
  const finished = into.of.finish(() => into.ranking.windowNames());
  return {
    kind,
    artists: into.ranking.top(undefined, finished.artistOf),
    newestEntry: into.ranking.newestEntry,
    entries: into.entries,
    displayName: finished.displayName,
  };
}
