import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { getCurrentUserProfile, getMyTopArtists, getMyTopTracks, getUserProfile } from './users.ts';

test('getCurrentUserProfile reads GET /me', async () => {
  const { client, last } = await setup();
  const me = await getCurrentUserProfile(client);
  expect(last()).toMatchObject({ method: 'GET', path: '/me', query: {}, body: undefined });
  expect(me).toMatchObject({ id: 'demo-listener', display_name: 'Demo Listener', type: 'user' });
});

test('getMyTopArtists reads GET /me/top/artists with limit, offset and time_range', async () => {
  const { client, last } = await setup();
  const page = await getMyTopArtists(client, { limit: 10, offset: 5, time_range: 'medium_term' });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/top/artists',
    query: { limit: '10', offset: '5', time_range: 'medium_term' },
  });
  expect(page).toMatchObject({ limit: 10, offset: 5, total: 50 });
  expect(page.items).toHaveLength(10);
});

test('getMyTopArtists of a listener without history answers an empty page', async () => {
  const { client } = await setup('new-listener');
  const page = await getMyTopArtists(client);
  expect(page.items).toEqual([]);
});

test('getMyTopTracks reads GET /me/top/tracks', async () => {
  const { client, last } = await setup();
  const page = await getMyTopTracks(client, { limit: 3 });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/top/tracks', query: { limit: '3' } });
  expect(page.items.length).toBeLessThanOrEqual(3);
  for (const track of page.items) expect(track.type).toBe('track');
});

test('getUserProfile reads GET /users/{id}', async () => {
  const { client, last } = await setup();
  const user = await getUserProfile(client, 'casual-listener');
  expect(last()).toMatchObject({ method: 'GET', path: '/users/casual-listener' });
  expect(user).toMatchObject({ id: 'casual-listener', type: 'user' });
});
