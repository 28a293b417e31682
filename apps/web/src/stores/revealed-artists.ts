import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { safeStorage } from '../lib/storage.ts';

export const INITIAL_REVEALED = [3, 4, 5] as const;

interface RevealedArtistsState {
  revealed: number[];
  reveal: (index: number) => void;
  reset: () => void;
}

/** Unlocked list indices (0-based), persisted under `revealed-artists`. */
export const useRevealedArtists = create<RevealedArtistsState>()(
  persist(
    (set) => ({
      revealed: [...INITIAL_REVEALED],
      reveal: (index) =>
        set((state) => (state.revealed.includes(index) ? state : { revealed: [...state.revealed, index] })),
      reset: () => set({ revealed: [...INITIAL_REVEALED] }),
    }),
    { name: 'revealed-artists', storage: safeStorage },
  ),
);
