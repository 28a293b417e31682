import type { ExportKind } from './kinds.ts';

/**
 * What a problem is, for the app to word in the listener's language (apps/web's `landing.export-problem.*`
 * messages; docs/languages.md): one code per sentence, the service's own where the words are its own.
 */
export type ExportProblemCode =
  | 'too-large'
  | 'damaged-zip'
  | 'damaged-json'
  | 'json-ends-early'
  | 'damaged-csv'
  | 'empty'
  | 'no-plays'
  | 'html-history-file'
  | 'html-history-zip'
  | `looks-like-${ExportKind}`
  | `wrong-file-${ExportKind}`
  | `not-history-${ExportKind}`
  | `no-history-${ExportKind}`
  | `zip-no-plays-${ExportKind}`
  | `nothing-read-${ExportKind}`;

/** The values a problem's words take: the file's name, and for some how many files. */
export type ExportProblemValues = { file: string; count?: number };

/**
 * What went wrong, naming the file (docs/product.md, "The data exports"): its `code` and `values` for the
 * app to word, and the English words as the message, for logs and for callers without the app's catalogs.
 */
export class ExportProblem extends Error {
  override readonly name = 'ExportProblem';
  readonly values: ExportProblemValues;
  constructor(
    readonly file: string,
    readonly code: ExportProblemCode,
    message: string,
    values?: ExportProblemValues,
  ) {
    super(message);
    this.values = values ?? { file };
  }
}

/** A service's own code of a problem. */
export const codeOf = <P extends string>(prefix: P, service: { kind: string }) =>
  `${prefix}-${service.kind}` as `${P}-${ExportKind}`;

/**
 * A file that is not what its reader reads: told as the export its text looks like when another
 * service's is (`parseExport` asks them), else with this message.
 */
export class WrongShape extends ExportProblem {}

export class ImportCancelled extends Error {
  override readonly name = 'ImportCancelled';
}

/** A file of another export, chosen in this one's input. */
export function looksLike(
  file: string,
  other: { kind: string; looks: string; label: string },
): ExportProblem {
  return new ExportProblem(
    file,
    codeOf('looks-like', other),
    `${file} looks like ${other.looks}. Choose it under "${other.label}".`,
  );
}
