import { beforeEach, expect, test } from 'vitest';
import { revealedIndices, useRevealedArtists } from './revealed-artists.ts';

const list = (...ids: string[]) => ids.map((id) => ({ id }));
const forty = list(...Array.from({ length: 40 }, (_, i) => `a${i}`));

beforeEach(() => {
  localStorage.clear();
  useRevealedArtists.getState().reset();
});

test('ranks 4, 5 and 6 start revealed, whatever the list', () => {
  expect(revealedIndices(forty, [])).toEqual([3, 4, 5]);
  expect(revealedIndices(list('x', 'y', 'z', 'w'), [])).toEqual([3]);
});

test('unlocking keeps ids unique and is persisted under revealed-artists', () => {
  const { unlock } = useRevealedArtists.getState();
  unlock('a0');
  unlock('a0');
  unlock('a9');
  expect(useRevealedArtists.getState().ids).toEqual(['a0', 'a9']);
  const stored = JSON.parse(localStorage.getItem('revealed-artists') ?? '{}') as {
    state: { ids: string[] };
    version: number;
  };
  expect(stored).toMatchObject({ state: { ids: ['a0', 'a9'] }, version: 1 });
});

test('an unlocked artist stays unlocked at its new rank; one that left the list leaves the count', () => {
  const { unlock, adopt } = useRevealedArtists.getState();
  adopt(forty);
  unlock('a0');
  unlock('a20');
  // Next month: a20 is gone, a0 moved to rank 10, new artists hold ranks 4-6.
  const next = list(
    ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'n1', 'a0'],
    ...forty.slice(21).map((a) => a.id),
    'n2',
  );
  const revealed = revealedIndices(next, useRevealedArtists.getState().ids);
  expect(revealed).toContain(9);
  expect(revealed.map((i) => next[i]?.id)).not.toContain('a20');
  // Ranks 4-6 of the new list (a4, a5, a6) are on show, and the old list's free ranks (a3-a5) stay
  // unlocked: a3 now at index 2.
  expect(revealed).toEqual([2, 3, 4, 5, 9]);
});

test('progress stored by rank (version 0) turns into artist ids against the first list seen', async () => {
  localStorage.setItem(
    'revealed-artists',
    JSON.stringify({ state: { revealed: [3, 4, 5, 0, 17] }, version: 0 }),
  );
  await useRevealedArtists.persist.rehydrate();
  const state = useRevealedArtists.getState();
  expect(state.legacyIndices).toEqual([3, 4, 5, 0, 17]);
  // Before the list is adopted, the old indices still show.
  expect(revealedIndices(forty, state.ids, state.legacyIndices)).toEqual([0, 3, 4, 5, 17]);
  state.adopt(forty);
  expect(useRevealedArtists.getState()).toMatchObject({ legacyIndices: null });
  expect([...useRevealedArtists.getState().ids].sort()).toEqual(['a0', 'a17', 'a3', 'a4', 'a5']);
});

test('a corrupt stored value reads as no progress', async () => {
  localStorage.setItem('revealed-artists', JSON.stringify({ state: { ids: 'nope' }, version: 1 }));
  await useRevealedArtists.persist.rehydrate();
  expect(revealedIndices(forty, useRevealedArtists.getState().ids)).toEqual([3, 4, 5]);
});

test('reset forgets every unlock', () => {
  useRevealedArtists.getState().unlock('a9');
  useRevealedArtists.getState().reset();
  expect(useRevealedArtists.getState().ids).toEqual([]);
});
