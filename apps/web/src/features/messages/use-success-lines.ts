import { useEffect, useRef, useState } from 'react';
import { SignedOutError } from '../../lib/errors.ts';
import { type Ask, useServerQuery } from '../../lib/use-server-query.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { BATCH_PAUSE_MS, BATCH_SIZE, linesOf } from './batches.ts';
import { askLines, builtInLines, defaultMessage, linesToAsk, retryLinesAfter } from './success-lines.ts';

/** One batch asked for and the lines it gave. */
interface Answer {
  batch: readonly string[];
  lines: Record<string, string>;
}

const NOTHING: Answer = { batch: [], lines: {} };
const NONE: ReadonlySet<string> = new Set();

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

export interface LinesWanted {
  /** Nothing is asked for until this is true (the Top 40 waits for its first frame). */
  enabled: boolean;
  /** Counts manual retries: each one asks again for every artist without a built-in line. */
  regenerate?: number;
}

/**
 * The success lines of these artists, kept on this device by the quiz-messages store: built-in lines at
 * once, the rest asked of generate-success-message through useServerQuery, one batch of 10 at a time,
 * 500 ms apart, each retried there; a batch that still fails gives its artists the default line, and a
 * signed-out listener stops the asking (docs/product.md, "Loading the list").
 */
export function useSuccessLines(
  artistNames: readonly string[],
  { enabled, regenerate = 0 }: LinesWanted,
): void {
  const stored = useQuizMessages((s) => s.messages);
  // Artists answered since the last manual retry: those are not asked again in its round.
  const [round, setRound] = useState({ of: 0, answered: NONE });
  const answered = regenerate > 0 ? (round.of === regenerate ? round.answered : NONE) : undefined;
  const batch = enabled ? linesToAsk(artistNames, stored, answered).slice(0, BATCH_SIZE) : [];
  const key = batch.join('\n');
  const lastSent = useRef<string | null>(null);

  const load = async ({ signal }: Ask): Promise<Answer> => {
    if (batch.length === 0) return NOTHING;
    // The next batch waits a little; the same batch asked again (a retry, a remount) does not.
    if (lastSent.current !== null && lastSent.current !== key) await pause(BATCH_PAUSE_MS, signal);
    lastSent.current = key;
    return { batch, lines: await askLines(batch, signal) };
  };
  const answer = useServerQuery(key, load, {
    retryAfter: retryLinesAfter,
    // Signed out meanwhile: nothing is written and nothing more asked.
    fallback: (error) =>
      error instanceof SignedOutError ? undefined : { batch, lines: linesOf(batch, {}, defaultMessage()) },
  }).data;

  const roundOf = useRef(regenerate);
  roundOf.current = regenerate;
  useEffect(() => {
    if (!answer || answer.batch.length === 0) return;
    useQuizMessages.getState().mergeMessages(answer.lines);
    const of = roundOf.current;
    if (of > 0)
      setRound((r) => ({ of, answered: new Set([...(r.of === of ? r.answered : []), ...answer.batch]) }));
  }, [answer]);

  const namesKey = artistNames.join('\n');
  useEffect(() => {
    if (!enabled) return;
    const store = useQuizMessages.getState();
    const builtIn = builtInLines(namesKey.split('\n'), store.messages);
    if (Object.keys(builtIn).length > 0) store.mergeMessages(builtIn);
  }, [enabled, namesKey]);
}

/**
 * useSuccessLines in a component of its own that draws nothing: lines arriving for the list do not draw
 * the screen that holds it again.
 */
export function SuccessLines({ artistNames, ...wanted }: LinesWanted & { artistNames: readonly string[] }) {
  useSuccessLines(artistNames, wanted);
  return null;
}
