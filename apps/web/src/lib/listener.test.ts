import { beforeEach, expect, test } from 'vitest';
import { currentListener, spotifyTokenOf } from './listener.ts';

beforeEach(() => localStorage.clear());

const signInWithSpotify = (expiresAt: number) => {
  localStorage.setItem('spotify_access_token', 'at');
  localStorage.setItem('spotify_refresh_token', 'rt');
  localStorage.setItem('spotify_token_expiry', String(expiresAt));
};

test('nobody is listening until a sign-in is stored', async () => {
  expect(currentListener().kind).toBe('nobody');
  expect(await spotifyTokenOf(currentListener())).toBeNull();
});

test('a Spotify token holder: fresh until two minutes before expiry, and the token goes with calls', async () => {
  const expiresAt = Date.now() + 3_600_000;
  signInWithSpotify(expiresAt);
  const listener = currentListener();
  expect(listener).toMatchObject({ kind: 'spotify', freshUntil: expiresAt - 120_000 });
  expect(await spotifyTokenOf(listener)).toBe('at');
});

test("a source's sign-in and an export's guest are asked before a Spotify token, and carry no token", async () => {
  signInWithSpotify(Date.now() + 3_600_000);
  localStorage.setItem(
    'source_session',
    JSON.stringify({ source: 'lastfm', userId: 'u1', displayName: 'U' }),
  );
  expect(currentListener()).toMatchObject({ kind: 'source', session: { source: 'lastfm', userId: 'u1' } });
  expect(await spotifyTokenOf(currentListener())).toBeNull();
  localStorage.setItem('spotify_export', JSON.stringify({ kind: 'apple', importedAt: 1, artists: [] }));
  expect(currentListener()).toMatchObject({ kind: 'export', guest: { kind: 'apple' } });
});
