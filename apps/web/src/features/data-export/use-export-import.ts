import type { ExportKind, ExportResult, ExportService } from '@heavy-rotation/music-exports';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkerReply, WorkerRequest } from './export-worker.ts';

export type ImportState =
  | { status: 'idle'; notice: string | null }
  | { status: 'reading'; read: number; total: number; file: string }
  | { status: 'problem'; file: string; message: string };

const IDLE: ImportState = { status: 'idle', notice: null };

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
          setState({ status: 'problem', file: reply.file, message: reply.message });
        else done.current(reply.result);
      };
      next.onerror = (event) => {
        event.preventDefault();
        stop();
        setState({ status: 'problem', file: '', message: "The export couldn't be read. Please try again." });
      };
      next.postMessage({ files, kind } satisfies WorkerRequest);
    },
    [stop, kind],
  );

  const cancel = useCallback(() => {
    stop();
    setState({ status: 'idle', notice: 'Cancelled. Nothing was kept.' });
  }, [stop]);

  const sample = useCallback(async () => {
    stop();
    const mine = generation.current;
    setState({ status: 'reading', read: 0, total: 0, file: 'sample export' });
    try {
      const res = await fetch(upload.sample.path);
      if (!res.ok) throw new Error(`status ${res.status}`);
      const blob = await res.blob();
      if (generation.current !== mine) return;
      start([new File([blob], upload.sample.name, { type: 'application/zip' })]);
    } catch {
      if (generation.current !== mine) return;
      setState({
        status: 'problem',
        file: '',
        message: "The sample couldn't be loaded. Check your connection and try again.",
      });
    }
  }, [start, stop, upload]);

  return { state, start, cancel, sample };
}
