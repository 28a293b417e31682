import type { ExportProblem } from './problems.ts';
import type { Measure, Play } from './ranking.ts';

/**
 * One export a listener can bring (docs/product.md, "The data exports"), all it takes to read it and
 * to offer it on /upload. Adding an export is a module of this shape and a line in `SERVICES`, and its
 * words in the app's catalogs.
 */
export interface ExportService<Kind extends string = string> {
  kind: Kind;
  /** The label of its file input on /upload, in English: problems' messages point to it by these words. */
  label: string;
  /** What a file of this export chosen in another's input is said to look like. */
  looks: string;
  /** What ranks: listening time, or plays where the export has no durations. */
  measure: Measure;
  /** What its history is called: "a zip with no plays in its …". */
  historyName: string;
  /** What files chosen on their own without a history are told (their names, how many). */
  nothingRead(names: string, files: number): string;
  /** The files it takes chosen on their own besides a .zip, and the words naming them. */
  loose: { test: RegExp; words: string };
  /** A file's name, or a path inside a zip, that only this export has. */
  ownsPath(path: string): boolean;
  /** The start of a file's text as only this export writes it. */
  ownsText(head: string): boolean;
  /** The service's search for an artist's name: the exports hold no artist ids. */
  search(name: string): string;
  /**
   * What /upload needs of it besides words: the app words each export in the listener's language
   * (apps/web's data-export feature, docs/languages.md), and adds a new export's words there.
   */
  upload: UploadWords;
  /** Starts reading one export: what it keeps across the export's files. */
  start(): ServiceReading;
}

export interface UploadWords {
  /** The section's id on /upload, for links to it. */
  id: string;
  /** The service's name, its section's heading. */
  title: string;
  accept: string;
  /** "Try a sample": where the app serves it (apps/web/scripts/sample-export.ts) and its name. */
  sample: { path: string; name: string };
}

/** One file being read, as its reader sees it. */
export interface FileContext {
  name: string;
  /** Chosen on its own, not found in a zip. */
  alone: boolean;
  add(play: Play): void;
}

/** The text of one file as it arrives (docs/decisions/033-apple-and-youtube-exports.md, "Reading fast"). */
export interface TextSink {
  /** The next piece of the text; throws an ExportProblem (a WrongShape for text of another kind). */
  push(text: string): void;
  /** The end of the text: the entries read, or null for a file passed over. */
  end(): number | null;
}

/** How one file of an export is read. */
export interface FileReader {
  /** A history file: a zip without one is told it holds no history. */
  history: boolean;
  open(file: FileContext): TextSink;
}

export interface ServiceReading {
  /** The reader of a path inside a zip, or null for a file not read. */
  inZip(path: string): FileReader | null;
  /**
   * The reader of a file chosen on its own (`loose.test` matched its name and no other export owns
   * it), or null to pass it over; throws an ExportProblem for one refused.
   */
  chosen(name: string): FileReader | null;
  /** What a zip without the history is told; `paths` are every file in it. */
  noHistory(file: string, paths: readonly string[]): ExportProblem;
  /** Once every file is read: the listener's name, if the export says, and the artist of what a play named. */
  finish(windowNames: () => Set<string>): { displayName: string | null; artistOf?: (name: string) => string };
}
