import { expect, test } from 'vitest';
import { collect, paginate } from '../paging.ts';
import { setup } from '../test-emulator.ts';
import { getFeaturedPlaylists } from './browse.ts';
import {
  checkFollowing,
  checkPlaylistFollowers,
  followArtistsOrUsers,
  followPlaylist,
  getFollowedArtists,
  unfollowArtistsOrUsers,
  unfollowPlaylist,
} from './follow.ts';
import { getMyTopArtists } from './users.ts';

test('followArtistsOrUsers, checkFollowing, getFollowedArtists and unfollowArtistsOrUsers manage follows', async () => {
  const { client, last } = await setup();
  const ids = (await getMyTopArtists(client, { limit: 3 })).items.map((a) => a.id);
  await expect(followArtistsOrUsers(client, 'artist', ids)).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/following',
    query: { type: 'artist', ids: ids.join(',') },
  });
  expect(await checkFollowing(client, 'artist', ids)).toEqual([true, true, true]);
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/following/contains',
    query: { type: 'artist', ids: ids.join(',') },
  });
  const { artists } = await getFollowedArtists(client, { limit: 2 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/following',
    query: { type: 'artist', limit: '2' },
  });
  expect(artists.items).toHaveLength(2);
  const all = (await collect(paginate(client, getFollowedArtists(client, { limit: 1 })))).map((a) => a.id);
  expect(all).toEqual(expect.arrayContaining(ids));
  expect(new Set(all).size).toBe(all.length);
  expect(last().query.after).toEqual(expect.any(String));
  await unfollowArtistsOrUsers(client, 'artist', [ids[0] as string]);
  expect(last()).toMatchObject({
    method: 'DELETE',
    path: '/me/following',
    query: { type: 'artist', ids: ids[0] },
  });
  expect(await checkFollowing(client, 'artist', ids)).toEqual([false, true, true]);
});

test('followPlaylist, checkPlaylistFollowers and unfollowPlaylist manage a playlist follow', async () => {
  const { client, last } = await setup();
  const id = (await getFeaturedPlaylists(client, { limit: 1 })).playlists.items[0]?.id as string;
  await expect(followPlaylist(client, id, { public: false })).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: `/playlists/${id}/followers`,
    body: { public: false },
  });
  expect(await checkPlaylistFollowers(client, id, ['demo-listener'])).toEqual([true]);
  expect(last()).toMatchObject({
    method: 'GET',
    path: `/playlists/${id}/followers/contains`,
    query: { ids: 'demo-listener' },
  });
  await unfollowPlaylist(client, id);
  expect(last()).toMatchObject({ method: 'DELETE', path: `/playlists/${id}/followers`, body: undefined });
  expect(await checkPlaylistFollowers(client, id, ['demo-listener'])).toEqual([false]);
  await followPlaylist(client, id);
  expect(last().body).toEqual({});
});
