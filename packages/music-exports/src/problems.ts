import type { ExportService } from './service.ts';

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

/**
 * A file that is not what its reader reads: told as the export its text looks like when another
 * service's is (`parseExport` asks them), else with this message.
 */
export class WrongShape extends ExportProblem {}

export class ImportCancelled extends Error {
  override readonly name = 'ImportCancelled';
}

/** A file of another export, chosen in this one's input. */
export function looksLike(file: string, other: Pick<ExportService, 'looks' | 'label'>): ExportProblem {
  return new ExportProblem(file, `${file} looks like ${other.looks}. Choose it under "${other.label}".`);
}
