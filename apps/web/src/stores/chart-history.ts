import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { safeStorage } from '../lib/storage.ts';

/** One ranking as shown: artist ids in rank order, and when it was first shown (ms since the epoch). */
export interface ChartSnapshot {
  at: number;
  ids: string[];
}

/** Rankings older than this are let go: the chart looks back a week, re-entries a few months. */
const KEEP_MS = 120 * 86_400_000;
const MAX_KEPT = 60;

interface ChartHistoryState {
  snapshots: ChartSnapshot[];
  /** Keeps this ranking if it differs from the newest kept one (docs/product.md, "The weekly chart"). */
  record: (ids: readonly string[], now: number) => void;
  /** Adds rankings kept elsewhere (the server, for sources with a server session), newest last. */
  merge: (snapshots: readonly ChartSnapshot[], now: number) => void;
  reset: () => void;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function tidy(snapshots: ChartSnapshot[], now: number): ChartSnapshot[] {
  const sorted = [...snapshots].sort((a, b) => a.at - b.at);
  const kept = sorted.filter((s, i) => i === 0 || !same(s.ids, sorted[i - 1]?.ids ?? []));
  return kept.filter((s) => now - s.at <= KEEP_MS).slice(-MAX_KEPT);
}

/** Every ranking this device has shown, persisted under `chart-history`. */
export const useChartHistory = create<ChartHistoryState>()(
  persist(
    (set) => ({
      snapshots: [],
      record: (ids, now) =>
        set((state) => {
          const newest = state.snapshots.at(-1);
          if (ids.length === 0 || (newest && same(newest.ids, ids))) return state;
          return { snapshots: tidy([...state.snapshots, { at: now, ids: [...ids] }], now) };
        }),
      merge: (incoming, now) =>
        set((state) => {
          const known = new Set(state.snapshots.map((s) => s.at));
          const add = incoming.filter((s) => !known.has(s.at));
          return add.length === 0 ? state : { snapshots: tidy([...state.snapshots, ...add], now) };
        }),
      reset: () => set({ snapshots: [] }),
    }),
    {
      name: 'chart-history',
      storage: safeStorage,
      version: 1,
      partialize: ({ snapshots }) => ({ snapshots }),
      migrate: (persisted) => {
        const list =
          typeof persisted === 'object' && persisted !== null && 'snapshots' in persisted
            ? persisted.snapshots
            : [];
        return {
          snapshots: Array.isArray(list)
            ? list.filter(
                (s): s is ChartSnapshot =>
                  typeof s?.at === 'number' &&
                  Array.isArray(s?.ids) &&
                  s.ids.every((id: unknown) => typeof id === 'string'),
              )
            : [],
        };
      },
    },
  ),
);
