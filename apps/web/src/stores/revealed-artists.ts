import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { safeStorage } from '../lib/storage.ts';

/** List indices of ranks 4, 5 and 6: on show in every list from the start. */
const INITIAL_REVEALED = [3, 4, 5] as const;

/** What the store needs of an artist: the id progress follows. */
export interface RankedArtist {
  id: string;
}

interface RevealedArtistsState {
  /** Unlocked artist ids. Progress follows the artist, not the rank (docs/product.md, "Quiz progress"). */
  ids: string[];
  /**
   * List indices stored by the first version of the store, which kept ranks: turned into ids against the
   * first list seen after the upgrade, so no progress is lost.
   */
  legacyIndices: number[] | null;
  unlock: (id: string) => void;
  /** Records ranks 4-6 of this list and any legacy progress as artist ids. */
  adopt: (artists: readonly RankedArtist[]) => void;
  reset: () => void;
}

const EMPTY: Pick<RevealedArtistsState, 'ids' | 'legacyIndices'> = { ids: [], legacyIndices: null };

function idsAt(artists: readonly RankedArtist[], indices: readonly number[]): string[] {
  return indices.flatMap((i) => {
    const id = artists[i]?.id;
    return id ? [id] : [];
  });
}

/** Unlocked artists, persisted under `revealed-artists`. */
export const useRevealedArtists = create<RevealedArtistsState>()(
  persist(
    (set) => ({
      ...EMPTY,
      unlock: (id) => set((state) => (state.ids.includes(id) ? state : { ids: [...state.ids, id] })),
      adopt: (artists) =>
        set((state) => {
          const add = idsAt(artists, [...INITIAL_REVEALED, ...(state.legacyIndices ?? [])]).filter(
            (id) => !state.ids.includes(id),
          );
          if (add.length === 0 && state.legacyIndices === null) return state;
          return { ids: [...state.ids, ...new Set(add)], legacyIndices: null };
        }),
      reset: () => set({ ...EMPTY }),
    }),
    {
      name: 'revealed-artists',
      storage: safeStorage,
      version: 1,
      partialize: ({ ids, legacyIndices }) => ({ ids, legacyIndices }),
      // Version 0 kept `revealed`: unlocked list indices.
      migrate: (persisted, version) => {
        const old = typeof persisted === 'object' && persisted !== null ? persisted : {};
        if (version === 0) {
          const revealed = 'revealed' in old && Array.isArray(old.revealed) ? old.revealed : [];
          return {
            ids: [],
            legacyIndices: revealed.filter((i): i is number => Number.isInteger(i) && i >= 0 && i < 50),
          };
        }
        return {
          ids:
            'ids' in old && Array.isArray(old.ids)
              ? old.ids.filter((id): id is string => typeof id === 'string')
              : [],
          legacyIndices: null,
        };
      },
    },
  ),
);

/** The list indices on show for this list: ranks 4-6, and every unlocked artist at its current rank. */
export function revealedIndices(
  artists: readonly RankedArtist[],
  ids: readonly string[],
  legacyIndices: readonly number[] | null = null,
): number[] {
  const unlocked = new Set(ids);
  const legacy = new Set(legacyIndices ?? []);
  return artists.flatMap((artist, i) =>
    (INITIAL_REVEALED as readonly number[]).includes(i) || unlocked.has(artist.id) || legacy.has(i)
      ? [i]
      : [],
  );
}

/** The revealed indices of this list, kept in step with the store; records the list's free ranks as ids. */
export function useRevealed(artists: readonly RankedArtist[]): number[] {
  const ids = useRevealedArtists((s) => s.ids);
  const legacyIndices = useRevealedArtists((s) => s.legacyIndices);
  useEffect(() => {
    if (artists.length > 0) useRevealedArtists.getState().adopt(artists);
  }, [artists]);
  return useMemo(() => revealedIndices(artists, ids, legacyIndices), [artists, ids, legacyIndices]);
}
