import type { Artist } from '@heavy-rotation/spotify';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import gameScreen from '../../../components/ui/game-screen.module.css';
import { Progress } from '../../../components/ui/progress.tsx';
import { t } from '../../../i18n/i18n.ts';
import { playedInHardMode, useQuizMode } from '../../../stores/quiz-mode.ts';
import { useQuiz } from '../use-quiz.ts';
import { Celebration } from './celebration.tsx';
import { GuessForm } from './guess-form.tsx';
import { GuessOutcome } from './guess-outcome.tsx';
import { HardModeSwitch } from './hard-mode-switch.tsx';
import { HintSheet } from './hint-sheet.tsx';
import { QuizGrid } from './quiz-grid.tsx';
import styles from './quiz-screen.module.css';

export interface QuizScreenProps {
  artists: Artist[];
  /** The success line for an artist (composed by the route from the messages feature). */
  messageOf: (artistName: string) => string;
  /** Opens the whole list's card; `hard` when the game was played in hard mode. */
  onShareList: (hard: boolean) => void;
  /** "Challenge a friend" on the celebration. */
  onChallenge?: () => void;
}

/** The quiz: progress, the guess field and its outcome, the grid of ranks, hints, and the celebration. */
export function QuizScreen({ artists, messageOf, onShareList, onChallenge }: QuizScreenProps) {
  const names = useMemo(() => artists.map((a) => a.name), [artists]);
  const quiz = useQuiz(artists);
  const inputRef = useRef<HTMLInputElement>(null);
  const [hintIndex, setHintIndex] = useState<number | null>(null);
  const [hintLevels, setHintLevels] = useState<Record<number, number>>({});
  const fresh = quiz.result?.kind === 'unlocked' ? quiz.result.index : null;
  const wasComplete = useRef(quiz.allUnlocked);
  const hard = useQuizMode((s) => s.hard);
  const hardGame = useQuizMode(playedInHardMode);

  useEffect(() => {
    if (quiz.allUnlocked && !wasComplete.current) document.getElementById('celebration-title')?.focus();
    wasComplete.current = quiz.allUnlocked;
  }, [quiz.allUnlocked]);

  const closeHints = () => {
    setHintIndex(null);
    setTimeout(() => inputRef.current?.focus(), 0);
  };
  const openHints = (index: number) => {
    // A game with a hint seen is no longer one played in hard mode (docs/product.md, "Hard mode").
    useQuizMode.getState().markHelped();
    setHintLevels((levels) => ({ ...levels, [index]: Math.max(levels[index] ?? 0, 1) }));
    setHintIndex(index);
  };

  return (
    <main className={styles.screen}>
      <header className={gameScreen.header}>
        <Link to="/" className={styles.back}>
          <span aria-hidden="true">←</span> {t('quiz.back', { total: quiz.total })}
        </Link>
        <h1 className={styles.title}>{t('quiz.title', { total: quiz.total })}</h1>
        <Progress done={quiz.unlockedCount} total={quiz.total}>
          {t('quiz.progress', { done: quiz.unlockedCount, total: quiz.total })}
        </Progress>
        {quiz.allUnlocked ? null : <HardModeSwitch />}
      </header>
      {quiz.allUnlocked ? (
        <Celebration
          total={quiz.total}
          hard={hardGame}
          onShare={() => onShareList(hardGame)}
          onChallenge={onChallenge}
        />
      ) : null}
      <div className={gameScreen.play}>
        {quiz.allUnlocked ? null : <GuessForm inputRef={inputRef} onGuess={quiz.guess} />}
        <GuessOutcome
          result={quiz.result}
          message={quiz.result?.kind === 'unlocked' ? messageOf(quiz.result.name) : null}
          misses={quiz.misses}
        />
      </div>
      {quiz.allUnlocked ? null : <p className={styles.tip}>{hard ? t('quiz.tipHard') : t('quiz.tipHint')}</p>}
      <QuizGrid
        artists={artists}
        unlocked={quiz.unlocked}
        fresh={fresh}
        onLockedTap={hard ? undefined : openHints}
      />
      <HintSheet
        index={hard ? null : hintIndex}
        name={hintIndex === null ? '' : (names[hintIndex] ?? '')}
        level={hintIndex === null ? 0 : (hintLevels[hintIndex] ?? 1)}
        onMore={() => hintIndex !== null && setHintLevels((l) => ({ ...l, [hintIndex]: 2 }))}
        onReveal={() => {
          if (hintIndex !== null) quiz.revealQuietly(hintIndex);
          closeHints();
        }}
        onClose={closeHints}
      />
    </main>
  );
}
