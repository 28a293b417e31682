export {
  type ExportFile,
  type ExportResult,
  MAX_FILE_BYTES,
  type ParseOptions,
  parseExport,
} from './parse-export.ts';
export {
  ExportProblem,
  type ExportProblemCode,
  type ExportProblemValues,
  ImportCancelled,
} from './problems.ts';
export type { RankedArtist } from './ranking.ts';
export type { ExportService, UploadWords } from './service.ts';
export { type ExportKind, SERVICES } from './services/index.ts';
