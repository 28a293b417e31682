import type {
  ExportKind,
  ExportProblemValues,
  ExportResult,
  ExportService,
} from '@heavy-rotation/music-exports';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportProblem } from './export-problems.ts';
import type { WorkerReply, WorkerRequest } from './export-worker.ts';

/** Where an import is; words are the screen's (`sample` is the sample being fetched, no file yet). */
export type ImportState =
  | { status: 'idle'; cancelled: boolean }
  | { status: 'reading'; read: number; total: number; file: string; sample?: boolean }
  | { status: 'problem'; file: string; code: ImportProblem; values: ExportProblemValues };

const IDLE: ImportState = { status: 'idle', cancelled: false };

/**
 * Reads an export in a Web Worker, so the page stays responsive however large it is: progress as it
 * goes, Cancel stops the worker at once, and problems come back naming the file.
 */
export function useExportImport(service: ExportService<ExportKind>, onDone: (result: ExportResult) => void) {
  const { kind, upload } = service;
  const [state, setState] = useState<ImportState>(IDLE);
  const worker = useRef<Worker | null>(null);
  // Bumped by every start and cancel: a sample that arrives after either is dropped.
  const generation = useRef(0);
  const done = useRef(onDone);
  done.current = onDone;

  const stop = useCallback(() => {
    generation.current++;
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    (files: File[]) => {
      stop();
      if (files.length === 0) return;
      const total = files.reduce((sum, f) => sum + f.size, 0);
      setState({ status: 'reading', read: 0, total, file: files[0]?.name ?? '' });
      const next = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
      worker.current = next;
      next.onmessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.type === 'progress') {
          setState({ status: 'reading', read: reply.read, total: reply.total, file: reply.file });
          return;
        }
        stop();
        if (reply.type === 'problem')
          setState({ status: 'problem', file: reply.file, code: reply.code, values: reply.values });
        else done.current(reply.result);
      };
      next.onerror = (event) => {
        event.preventDefault();
        stop();
        setState({ status: 'problem', file: '', code: 'unreadable', values: { file: '' } });
      };
      next.postMessage({ files, kind } satisfies WorkerRequest);
    },
    [stop, kind],
  );

  const cancel = useCallback(() => {
    stop();
    setState({ status: 'idle', cancelled: true });
  }, [stop]);

  const sample = useCallback(async () => {
    stop();
    const mine = generation.current;
    setState({ status: 'reading', read: 0, total: 0, file: '', sample: true });
    try {
      const res = await fetch(upload.sample.path);
      if (!res.ok) throw new Error(`status ${res.status}`);
      const blob = await res.blob();
      if (generation.current !== mine) return;
      start([new File([blob], upload.sample.name, { type: 'application/zip' })]);
    } catch {
      if (generation.current !== mine) return;
      setState({ status: 'problem', file: '', code: 'sample-unavailable', values: { file: '' } });
    }
  }, [start, stop, upload]);

  return { state, start, cancel, sample };
}
