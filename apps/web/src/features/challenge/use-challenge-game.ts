import type { ChallengeArtist, ChallengeView } from '@heavy-rotation/contracts/replies';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BackendError } from '../../lib/backend.ts';
import { readString, writeString } from '../../lib/storage.ts';
import { getChallenge, guessChallenge, savePlay } from './api.ts';
import { playKey } from './link-store.ts';

/** A friend's game, kept on their device (docs/product.md, "Challenge a friend"). */
interface Progress {
  playId: string;
  found: ChallengeArtist[];
  misses: string[];
  done: boolean;
  name: string | null;
  /** Whether the server has this game's score (and name). */
  saved: boolean;
}

export type Outcome =
  | { kind: 'found'; artist: ChallengeArtist }
  | { kind: 'again'; artist: ChallengeArtist }
  | { kind: 'miss'; guess: string }
  | { kind: 'failed'; text: string };

export type GameState =
  | { status: 'loading' }
  | { status: 'ended' }
  | { status: 'error'; text: string }
  | { status: 'ready'; view: ChallengeView };

const MISSES_KEPT = 6;

function newPlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function readProgress(id: string): Progress {
  try {
    const saved = JSON.parse(readString(playKey(id)) ?? 'null') as Progress | null;
    if (saved && typeof saved.playId === 'string' && Array.isArray(saved.found)) return saved;
  } catch {
    // A damaged record starts a new game.
  }
  return { playId: newPlayId(), found: [], misses: [], done: false, name: null, saved: false };
}

const ended = (error: unknown) => error instanceof BackendError && [400, 404, 410].includes(error.status);

function failure(error: unknown): string {
  if (error instanceof BackendError && error.kind === 'network')
    return "You're offline. Try again when you're back.";
  if (error instanceof BackendError && error.status === 429)
    return 'Too many guesses for now. Try again later.';
  return "Couldn't check that. Try again.";
}

/** The friend's side of a challenge link: the view, their guesses judged by the server, their result. */
export function useChallengeGame(id: string) {
  const [state, setState] = useState<GameState>({ status: 'loading' });
  const [progress, setProgress] = useState<Progress>(() => readProgress(id));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [score, setScore] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getChallenge(id, controller.signal).then(
      (view) => setState({ status: 'ready', view }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(ended(error) ? { status: 'ended' } : { status: 'error', text: failure(error) });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const update = useCallback(
    (change: (p: Progress) => Progress) =>
      setProgress((p) => {
        const next = change(p);
        writeString(playKey(id), JSON.stringify(next));
        return next;
      }),
    [id],
  );

  const view = state.status === 'ready' ? state.view : null;
  const shown = useMemo(() => {
    const byRank = new Map<number, ChallengeArtist>();
    for (const a of view?.open ?? []) byRank.set(a.rank, a);
    for (const a of progress.found) byRank.set(a.rank, a);
    return byRank;
  }, [view, progress.found]);
  const lockedTotal = (view?.size ?? 0) - (view?.open.length ?? 0);

  const finish = useCallback(
    async (name: string | null) => {
      try {
        const saved = await savePlay(id, progress.playId, name);
        setScore(saved.score);
        update((p) => ({ ...p, done: true, saved: true, name }));
        return true;
      } catch (error) {
        if (ended(error)) setState({ status: 'ended' });
        return false;
      }
    },
    [id, progress.playId, update],
  );

  // A game ended earlier whose score did not reach the server is sent when the link opens again.
  useEffect(() => {
    if (view && progress.done && !progress.saved) finish(progress.name);
  }, [view, progress.done, progress.saved, progress.name, finish]);

  const guess = useCallback(
    async (text: string) => {
      if (!view || pending || progress.done) return;
      setPending(true);
      try {
        const { match } = await guessChallenge(id, progress.playId, text);
        if (!match) {
          setOutcome({ kind: 'miss', guess: text.trim() });
          update((p) => ({
            ...p,
            misses: [text.trim(), ...p.misses.filter((m) => m !== text.trim())].slice(0, MISSES_KEPT),
          }));
        } else if (shown.has(match.rank)) {
          setOutcome({ kind: 'again', artist: match });
        } else {
          setOutcome({ kind: 'found', artist: match });
          const found = [...progress.found, match];
          update((p) => ({ ...p, found }));
          if (found.length >= lockedTotal) {
            update((p) => ({ ...p, done: true }));
          }
        }
      } catch (error) {
        if (ended(error)) setState({ status: 'ended' });
        else setOutcome({ kind: 'failed', text: failure(error) });
      } finally {
        setPending(false);
      }
    },
    [id, view, pending, progress.done, progress.found, progress.playId, shown, lockedTotal, update],
  );

  const giveUp = useCallback(() => update((p) => ({ ...p, done: true, saved: false })), [update]);
  const addName = useCallback((name: string) => finish(name.trim() || null), [finish]);

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    shown,
    found: progress.found.length,
    lockedTotal,
    misses: progress.misses,
    done: progress.done,
    savedName: progress.name,
    score: score ?? progress.found.length,
    outcome,
    pending,
    guess,
    giveUp,
    addName,
  };
}
