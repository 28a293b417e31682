import type { ChallengeArtist, ChallengeView } from '@heavy-rotation/contracts/replies';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { t } from '../../i18n/i18n.ts';
import { BackendError } from '../../lib/backend.ts';
import { readString, writeString } from '../../lib/storage.ts';
import { type ServerQuery, useServerQuery } from '../../lib/use-server-query.ts';
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
  if (error instanceof BackendError && error.kind === 'network') return t('common.error.offline');
  if (error instanceof BackendError && error.status === 429) return t('challenge.tooManyGuesses');
  return t('challenge.guessFailed');
}

/** The link's view as the screen shows it: the view, its loading, its end, or what went wrong. */
function gameState(link: ServerQuery<ChallengeView>, endedSince: boolean): GameState {
  if (endedSince) return { status: 'ended' };
  if (link.data) return { status: 'ready', view: link.data };
  if (link.loading || !link.error) return { status: 'loading' };
  return ended(link.error) ? { status: 'ended' } : { status: 'error', text: failure(link.error) };
}

/** The friend's side of a challenge link: the view, their guesses judged by the server, their result. */
export function useChallengeGame(id: string) {
  const link = useServerQuery(`challenge:${id}`, ({ signal }) => getChallenge(id, signal));
  // A guess or a save can find the link gone after it opened.
  const [endedSince, setEnded] = useState(false);
  const state = gameState(link, endedSince);
  const [progress, setProgress] = useState<Progress>(() => readProgress(id));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [score, setScore] = useState<number | null>(null);

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
        if (ended(error)) setEnded(true);
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
        if (ended(error)) setEnded(true);
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
    retry: link.reload,
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
