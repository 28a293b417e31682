import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import {
  changePlaylistDetails,
  createPlaylist,
  createPlaylistForUser,
  getCurrentUserPlaylists,
  getPlaylist,
  getPlaylistCoverImage,
  getUserPlaylists,
  MAX_COVER_BYTES,
  uploadPlaylistCoverImage,
} from './playlists.ts';

// A 1×1 JPEG, base64.
const JPEG =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

test('createPlaylist posts to /me/playlists and getPlaylist reads it back', async () => {
  const { client, last } = await setup();
  const created = await createPlaylist(client, {
    name: 'Road trip',
    public: false,
    description: 'Long drives',
  });
  expect(last()).toMatchObject({
    method: 'POST',
    path: '/me/playlists',
    body: { name: 'Road trip', public: false, description: 'Long drives' },
  });
  expect(created).toMatchObject({ name: 'Road trip', type: 'playlist', owner: { id: 'demo-listener' } });
  const read = await getPlaylist(client, created.id, { market: 'US' });
  expect(last()).toMatchObject({ method: 'GET', path: `/playlists/${created.id}`, query: { market: 'US' } });
  expect(read).toMatchObject({ id: created.id, name: 'Road trip' });
});

test('changePlaylistDetails puts the new details', async () => {
  const { client, last } = await setup();
  const { id } = await createPlaylist(client, { name: 'Draft' });
  await expect(
    changePlaylistDetails(client, id, { name: 'Final', collaborative: false }),
  ).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: `/playlists/${id}`,
    body: { name: 'Final', collaborative: false },
  });
  expect((await getPlaylist(client, id)).name).toBe('Final');
});

test('getCurrentUserPlaylists and getUserPlaylists list the playlists of a user', async () => {
  const { client, last } = await setup();
  const { id } = await createPlaylist(client, { name: 'Mine' });
  const mine = await getCurrentUserPlaylists(client, { limit: 20 });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/playlists', query: { limit: '20' } });
  expect(mine.items.map((p) => p.id)).toContain(id);
  const theirs = await getUserPlaylists(client, 'demo-listener', { limit: 20, offset: 0 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/users/demo-listener/playlists',
    query: { limit: '20', offset: '0' },
  });
  expect(theirs.items.map((p) => p.id)).toContain(id);
});

test('createPlaylistForUser posts to /users/{id}/playlists', async () => {
  const { client, last } = await setup();
  const created = await createPlaylistForUser(client, 'demo-listener', { name: 'Old style' });
  expect(last()).toMatchObject({
    method: 'POST',
    path: '/users/demo-listener/playlists',
    body: { name: 'Old style' },
  });
  expect(created.name).toBe('Old style');
});

test('uploadPlaylistCoverImage sends raw base64 JPEG without the data-URL prefix; getPlaylistCoverImage reads it', async () => {
  const { client, last } = await setup();
  const { id } = await createPlaylist(client, { name: 'Covered' });
  await expect(
    uploadPlaylistCoverImage(client, id, `data:image/jpeg;base64,${JPEG}`),
  ).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: `/playlists/${id}/images`,
    contentType: 'image/jpeg',
    text: JPEG,
  });
  const images = await getPlaylistCoverImage(client, id);
  expect(last()).toMatchObject({ method: 'GET', path: `/playlists/${id}/images` });
  expect(images[0]?.url).toEqual(expect.any(String));
});

test('uploadPlaylistCoverImage rejects a cover over 256 KB before sending', async () => {
  const { client, sent } = await setup();
  const tooBig = 'A'.repeat(MAX_COVER_BYTES + 4);
  await expect(uploadPlaylistCoverImage(client, 'any', tooBig)).rejects.toThrow(RangeError);
  expect(sent).toHaveLength(0);
});
