import { expect, test } from 'vitest';
import { type Play, Ranking, WINDOW_MS } from './ranking.ts';

const NEWEST = Date.UTC(2026, 10, 20, 12, 0);
const play = (artist: string, at: number, ms = 180_000, extra: Partial<Play> = {}): Play => ({
  artist,
  at,
  ms,
  incognito: false,
  trackUri: null,
  ...extra,
});

test('listening time ranks artists; the window is the 28 days ending at the newest entry', () => {
  const ranking = new Ranking();
  ranking.add(play('Inside Early', NEWEST - WINDOW_MS + 60_000, 200_000));
  ranking.add(play('Just Outside', NEWEST - WINDOW_MS, 9_000_000));
  ranking.add(play('Long Ago', NEWEST - 90 * 86_400_000, 9_000_000));
  ranking.add(play('Newest', NEWEST, 100_000));
  expect(ranking.top().map((a) => a.name)).toEqual(['Inside Early', 'Newest']);
  expect(ranking.newestEntry).toBe(NEWEST);
});

test('the order the files come in does not matter: a newer file moves the window', () => {
  const ranking = new Ranking();
  ranking.add(play('Old Favourite', NEWEST - 40 * 86_400_000, 9_000_000));
  for (let i = 0; i < 10_000; i++) ranking.add(play('Filler', NEWEST - 50 * 86_400_000 + i, 40_000));
  ranking.add(play('Recent', NEWEST, 60_000));
  expect(ranking.top().map((a) => a.name)).toEqual(['Recent']);
});

test('plays under 30 s, incognito plays and entries without an artist are left out', () => {
  const ranking = new Ranking();
  for (let i = 0; i < 100; i++) ranking.add(play('Skipper', NEWEST - i * 60_000, 29_999));
  ranking.add(play('Secret', NEWEST, 9_000_000, { incognito: true }));
  ranking.add(play('', NEWEST, 9_000_000));
  ranking.add(play('Exactly Thirty', NEWEST - 1, 30_000));
  expect(ranking.top().map((a) => a.name)).toEqual(['Exactly Thirty']);
  expect(ranking.entries).toBe(103);
});

test('ties go to the artist with more plays, then by name', () => {
  const ranking = new Ranking();
  ranking.add(play('Two Plays', NEWEST, 100_000));
  ranking.add(play('Two Plays', NEWEST, 100_000));
  ranking.add(play('One Play', NEWEST, 200_000));
  ranking.add(play('Beta', NEWEST, 50_000));
  ranking.add(play('Alpha', NEWEST, 50_000));
  expect(ranking.top().map((a) => [a.name, a.ms, a.plays])).toEqual([
    ['Two Plays', 200_000, 2],
    ['One Play', 200_000, 1],
    ['Alpha', 50_000, 1],
    ['Beta', 50_000, 1],
  ]);
});

test('at most 40 artists, each with its most played track when the export names one', () => {
  const ranking = new Ranking();
  for (let i = 0; i < 60; i++) ranking.add(play(`Artist ${i}`, NEWEST, 1_000_000 - i * 1000));
  ranking.add(play('Artist 0', NEWEST, 40_000, { trackUri: 'spotify:track:a' }));
  ranking.add(play('Artist 0', NEWEST, 90_000, { trackUri: 'spotify:track:b' }));
  const top = ranking.top();
  expect(top).toHaveLength(40);
  expect(top[0]).toMatchObject({ name: 'Artist 0', trackUri: 'spotify:track:b' });
  expect(top[39]?.name).toBe('Artist 39');
});
