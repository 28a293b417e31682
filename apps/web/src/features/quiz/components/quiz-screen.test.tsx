import type { Artist } from '@heavy-rotation/spotify';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useRevealedArtists } from '../../../stores/revealed-artists.ts';
import { QuizScreen } from './quiz-screen.tsx';

const NAMES = ['Beyoncé', 'The Weeknd', 'AC/DC', 'P!nk', 'Simon & Garfunkel', 'Sigur Rós', 'Björk'];
const artists = NAMES.map(
  (name, i) =>
    ({
      id: `a${i}`,
      name,
      images: [{ url: `https://img.example/${i}.png`, width: 300, height: 300 }],
    }) as unknown as Artist,
);

beforeEach(() => {
  localStorage.clear();
  useRevealedArtists.getState().reset();
});
afterEach(cleanup);

function renderQuiz() {
  render(
    <Router hook={memoryLocation({ path: '/quiz' }).hook}>
      <QuizScreen artists={artists} messageOf={(name) => `Line for ${name}.`} onShareList={() => undefined} />
    </Router>,
  );
  return { field: screen.getByLabelText('Guess an artist'), user: userEvent.setup() };
}

test('locked ranks show neither name nor picture', () => {
  renderQuiz();
  expect(screen.getByRole('button', { name: 'Locked artist, rank 1' })).toBeTruthy();
  expect(document.body.textContent).not.toContain('Beyonc');
  expect(document.body.innerHTML).not.toContain('img.example/0.png');
  expect(screen.getByText('3 of 7 unlocked')).toBeTruthy();
});

test('a right guess unlocks the rank, shows its line and keeps focus in the field', async () => {
  const { field, user } = renderQuiz();
  await user.type(field, 'bjork{Enter}');
  expect(screen.getByRole('status').textContent).toBe('Unlocked! Björk is your #7. Line for Björk.');
  expect(screen.getByText('4 of 7 unlocked')).toBeTruthy();
  expect(useRevealedArtists.getState().ids).toContain('a6');
  expect(document.activeElement).toBe(field);
});

test('a repeat and a miss are told apart', async () => {
  const { field, user } = renderQuiz();
  await user.type(field, 'sigur ros{Enter}');
  expect(screen.getByRole('status').textContent).toBe('Already unlocked: Sigur Rós is your #6');
  await user.type(field, 'Madonna{Enter}');
  expect(screen.getByRole('status').textContent).toBe('Not in your top 40 right now');
  expect(screen.getByRole('region', { name: 'Recent misses' }).textContent).toContain('Madonna');
});
