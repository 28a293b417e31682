import { judgeGuess } from '@heavy-rotation/contracts/judge';
import { useCallback, useMemo, useState } from 'react';
import { firstTime, track } from '../../lib/analytics.ts';
import { useRevealed, useRevealedArtists } from '../../stores/revealed-artists.ts';

const MISSES_KEPT = 6;

export type GuessResult =
  | { kind: 'unlocked'; index: number; name: string }
  | { kind: 'already'; index: number; name: string }
  | { kind: 'miss'; guess: string };

export interface QuizArtist {
  id: string;
  name: string;
}

/** The quiz's state: judging guesses against the list, the unlocked artists, and recent misses. */
export function useQuiz(artists: readonly QuizArtist[]) {
  const names = useMemo(() => artists.map((a) => a.name), [artists]);
  const revealed = useRevealed(artists);
  const [result, setResult] = useState<GuessResult | null>(null);
  const [misses, setMisses] = useState<string[]>([]);
  const unlocked = useMemo(() => new Set(revealed), [revealed]);
  const reveal = useCallback(
    (index: number) => {
      const id = artists[index]?.id;
      if (id) useRevealedArtists.getState().unlock(id);
    },
    [artists],
  );

  const guess = useCallback(
    (text: string): GuessResult | null => {
      const trimmed = text.trim();
      if (!trimmed) return null;
      const match = judgeGuess(trimmed, names);
      let next: GuessResult;
      if (!match) {
        next = { kind: 'miss', guess: trimmed };
        setMisses((list) =>
          [trimmed, ...list.filter((m) => m.toLowerCase() !== trimmed.toLowerCase())].slice(0, MISSES_KEPT),
        );
      } else {
        const name = names[match.index] ?? '';
        const already = unlocked.has(match.index);
        if (!already) reveal(match.index);
        next = { kind: already ? 'already' : 'unlocked', index: match.index, name };
      }
      setResult(next);
      track({ name: 'quiz_guess', correct: next.kind !== 'miss' });
      if (next.kind === 'unlocked' && firstTime('unlock')) track({ name: 'first_unlock' });
      return next;
    },
    [names, reveal, unlocked],
  );

  /** The last hint step: unlocks quietly, without the success celebration. */
  const revealQuietly = useCallback(
    (index: number) => {
      reveal(index);
      setResult(null);
    },
    [reveal],
  );

  return {
    unlocked,
    unlockedCount: unlocked.size,
    total: names.length,
    allUnlocked: names.length > 0 && unlocked.size === names.length,
    result,
    misses,
    guess,
    revealQuietly,
  };
}
