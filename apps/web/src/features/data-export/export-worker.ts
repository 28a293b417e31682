import {
  type ExportKind,
  ExportProblem,
  type ExportProblemValues,
  type ExportResult,
  ImportCancelled,
  parseExport,
} from '@heavy-rotation/music-exports';
import type { ImportProblem } from './export-problems.ts';

/** Messages between the upload screen and the worker that reads the export off the main thread. */
export type WorkerRequest = { files: File[]; kind: ExportKind };
export type WorkerReply =
  | { type: 'progress'; read: number; total: number; file: string }
  | { type: 'done'; result: ExportResult }
  /** A problem of the export: its code, worded on the page (export-problems.ts). */
  | { type: 'problem'; file: string; code: ImportProblem; values: ExportProblemValues };

// Cast: the project's types describe a page (lib DOM); this file runs as a dedicated worker.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};
const PROGRESS_EVERY_MS = 100;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  let last = 0;
  const post = (reply: WorkerReply) => scope.postMessage(reply);
  try {
    const result = await parseExport(event.data.files, {
      kind: event.data.kind,
      onProgress: (read, total, file) => {
        const now = performance.now();
        if (now - last < PROGRESS_EVERY_MS && read < total) return;
        last = now;
        post({ type: 'progress', read, total, file });
      },
    });
    post({ type: 'done', result });
  } catch (error) {
    if (error instanceof ExportProblem) {
      post({ type: 'problem', file: error.file, code: error.code, values: error.values });
    } else if (!(error instanceof ImportCancelled)) {
      post({ type: 'problem', file: '', code: 'unreadable', values: { file: '' } });
    }
  }
};
