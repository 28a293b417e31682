import { beforeEach, expect, test } from 'vitest';
import { useRevealedArtists } from './revealed-artists.ts';

beforeEach(() => {
  useRevealedArtists.getState().reset();
});

test('ranks 4, 5 and 6 start revealed', () => {
  expect(useRevealedArtists.getState().revealed).toEqual([3, 4, 5]);
});

test('revealing keeps the list unique and is persisted under revealed-artists', () => {
  const { reveal } = useRevealedArtists.getState();
  reveal(0);
  reveal(0);
  reveal(4);
  expect(useRevealedArtists.getState().revealed).toEqual([3, 4, 5, 0]);
  const stored = JSON.parse(localStorage.getItem('revealed-artists') ?? '{}') as {
    state: { revealed: number[] };
  };
  expect(stored.state.revealed).toEqual([3, 4, 5, 0]);
});

test('reset returns to the first three revealed', () => {
  useRevealedArtists.getState().reveal(9);
  useRevealedArtists.getState().reset();
  expect(useRevealedArtists.getState().revealed).toEqual([3, 4, 5]);
});
