import { SignedOutError } from '../../lib/errors.ts';

const BATCH_SIZE = 10;
const BATCH_PAUSE_MS = 500;

export interface BatchRun {
  signal?: AbortSignal;
  send: (batch: string[]) => Promise<Record<string, string>>;
  /** Receives every artist of the batch: its message, or the fallback when the batch failed. */
  onBatch: (messages: Record<string, string>) => void;
  fallback: string;
  pauseMs?: number;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Sends names in batches of 10 with a pause between batches; stops quietly when aborted. */
export async function runInBatches(names: string[], run: BatchRun): Promise<void> {
  for (let start = 0; start < names.length; start += BATCH_SIZE) {
    if (run.signal?.aborted) return;
    if (start > 0) await pause(run.pauseMs ?? BATCH_PAUSE_MS, run.signal);
    if (run.signal?.aborted) return;
    const batch = names.slice(start, start + BATCH_SIZE);
    let received: Record<string, string> = {};
    try {
      received = await run.send(batch);
    } catch (error) {
      // Aborted, or signed out while batches were queued: stop without writing anything.
      if (run.signal?.aborted || error instanceof SignedOutError) return;
    }
    const messages: Record<string, string> = {};
    const byLowerName = new Map(Object.entries(received).map(([k, v]) => [k.toLowerCase(), v]));
    for (const name of batch) messages[name] = byLowerName.get(name.toLowerCase()) ?? run.fallback;
    run.onBatch(messages);
  }
}
