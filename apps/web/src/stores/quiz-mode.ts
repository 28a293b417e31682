import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { safeStorage } from '../lib/storage.ts';

interface QuizModeState {
  /** Hard mode: no hints and no clips (docs/product.md, "Hard mode"). */
  hard: boolean;
  /** Whether a hint or a clip was opened during this game; such a game is not one played in hard mode. */
  helped: boolean;
  setHard: (hard: boolean) => void;
  markHelped: () => void;
  reset: () => void;
}

/** The quiz's mode, persisted under `quiz-mode`; "Reset App" starts a new game. */
export const useQuizMode = create<QuizModeState>()(
  persist(
    (set) => ({
      hard: false,
      helped: false,
      setHard: (hard) => set({ hard }),
      markHelped: () => set((state) => (state.helped ? state : { helped: true })),
      reset: () => set({ hard: false, helped: false }),
    }),
    {
      name: 'quiz-mode',
      storage: safeStorage,
      version: 1,
      partialize: ({ hard, helped }) => ({ hard, helped }),
    },
  ),
);

/** A game finished now counts as played in hard mode: the switch is on and no hint or clip was used. */
export function playedInHardMode(state: Pick<QuizModeState, 'hard' | 'helped'>): boolean {
  return state.hard && !state.helped;
}
