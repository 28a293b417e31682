import { useCallback, useMemo, useState } from 'react';
import { useRevealedArtists } from '../../stores/revealed-artists.ts';
import { judgeGuess } from './judge.ts';

export const MISSES_KEPT = 6;

export type GuessResult =
  | { kind: 'unlocked'; index: number; name: string }
  | { kind: 'already'; index: number; name: string }
  | { kind: 'miss'; guess: string };

/** The quiz's state: judging guesses against the list, the revealed store, and recent misses. */
export function useQuiz(names: readonly string[]) {
  const revealed = useRevealedArtists((s) => s.revealed);
  const reveal = useRevealedArtists((s) => s.reveal);
  const [result, setResult] = useState<GuessResult | null>(null);
  const [misses, setMisses] = useState<string[]>([]);
  const unlocked = useMemo(
    () => new Set(revealed.filter((i) => i >= 0 && i < names.length)),
    [revealed, names],
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
        const already = useRevealedArtists.getState().revealed.includes(match.index);
        if (!already) reveal(match.index);
        next = { kind: already ? 'already' : 'unlocked', index: match.index, name };
      }
      setResult(next);
      return next;
    },
    [names, reveal],
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
