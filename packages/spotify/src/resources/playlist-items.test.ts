import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findIds } from './catalogue.test-support.ts';
import {
  addItemsToPlaylist,
  addTracksToPlaylist,
  getPlaylistItems,
  getPlaylistTracks,
  removePlaylistItems,
  removeTracksFromPlaylist,
  updatePlaylistItems,
  updatePlaylistTracks,
} from './playlist-items.ts';
import { createPlaylist } from './playlists.ts';

async function playlistWithTracks() {
  const env = await setup();
  const uris = (await findIds(env.client)).trackUris.slice(0, 3);
  const { id } = await createPlaylist(env.client, { name: 'Test list' });
  env.sent.length = 0;
  return { ...env, id, uris };
}

const itemUris = (page: { items: { item?: { uri?: string } | null; track?: { uri?: string } | null }[] }) =>
  page.items.map((i) => (i.item ?? i.track)?.uri);

test('addItemsToPlaylist posts uris and position; getPlaylistItems reads them in order', async () => {
  const { client, last, id, uris } = await playlistWithTracks();
  const snapshot = await addItemsToPlaylist(client, id, uris);
  expect(last()).toMatchObject({ method: 'POST', path: `/playlists/${id}/items`, body: { uris } });
  expect(snapshot.snapshot_id).toEqual(expect.any(String));
  await addItemsToPlaylist(client, id, [uris[2] as string], 0);
  expect(last().body).toEqual({ uris: [uris[2]], position: 0 });
  const page = await getPlaylistItems(client, id, { limit: 10, market: 'US' });
  expect(last()).toMatchObject({
    method: 'GET',
    path: `/playlists/${id}/items`,
    query: { limit: '10', market: 'US' },
  });
  expect(itemUris(page)).toEqual([uris[2], ...uris]);
});

test('addItemsToPlaylist sends 100 uris per call and keeps their order after position', async () => {
  const { client, sent, id, uris } = await playlistWithTracks();
  const many = Array.from({ length: 101 }, (_, i) => uris[i % uris.length] as string);
  await addItemsToPlaylist(client, id, many, 0);
  expect(
    sent.map((r) => [(r.body as { uris: string[] }).uris.length, (r.body as { position: number }).position]),
  ).toEqual([
    [100, 0],
    [1, 100],
  ]);
});

test('updatePlaylistItems replaces the items or reorders a range', async () => {
  const { client, last, id, uris } = await playlistWithTracks();
  await addItemsToPlaylist(client, id, uris);
  await updatePlaylistItems(client, id, { uris: [uris[1] as string, uris[0] as string] });
  expect(last()).toMatchObject({
    method: 'PUT',
    path: `/playlists/${id}/items`,
    body: { uris: [uris[1], uris[0]] },
  });
  expect(itemUris(await getPlaylistItems(client, id))).toEqual([uris[1], uris[0]]);
  const result = await updatePlaylistItems(client, id, { range_start: 1, insert_before: 0 });
  expect(last()).toMatchObject({ method: 'PUT', body: { range_start: 1, insert_before: 0 } });
  expect(result.snapshot_id).toEqual(expect.any(String));
  expect(itemUris(await getPlaylistItems(client, id))).toEqual([uris[0], uris[1]]);
});

test('removePlaylistItems deletes items by uri', async () => {
  const { client, last, id, uris } = await playlistWithTracks();
  const { snapshot_id } = await addItemsToPlaylist(client, id, uris);
  await removePlaylistItems(client, id, { items: [{ uri: uris[0] as string }], snapshot_id });
  expect(last()).toMatchObject({
    method: 'DELETE',
    path: `/playlists/${id}/items`,
    body: { items: [{ uri: uris[0] }], snapshot_id },
  });
  expect(itemUris(await getPlaylistItems(client, id))).toEqual(uris.slice(1));
});

test('the old /tracks paths add, read, replace, reorder and remove', async () => {
  const { client, last, id, uris } = await playlistWithTracks();
  await addTracksToPlaylist(client, id, uris);
  expect(last()).toMatchObject({ method: 'POST', path: `/playlists/${id}/tracks`, body: { uris } });
  const page = await getPlaylistTracks(client, id, { limit: 5 });
  expect(last()).toMatchObject({ method: 'GET', path: `/playlists/${id}/tracks`, query: { limit: '5' } });
  expect(itemUris(page)).toEqual(uris);
  await updatePlaylistTracks(client, id, { range_start: 2, insert_before: 0 });
  expect(last()).toMatchObject({
    method: 'PUT',
    path: `/playlists/${id}/tracks`,
    body: { range_start: 2, insert_before: 0 },
  });
  expect(itemUris(await getPlaylistTracks(client, id))).toEqual([uris[2], uris[0], uris[1]]);
  await removeTracksFromPlaylist(client, id, { tracks: [{ uri: uris[0] as string }] });
  expect(last()).toMatchObject({
    method: 'DELETE',
    path: `/playlists/${id}/tracks`,
    body: { tracks: [{ uri: uris[0] }] },
  });
  const { snapshot_id } = await updatePlaylistTracks(client, id, {
    uris: [uris[1] as string, uris[2] as string],
  });
  await removeTracksFromPlaylist(client, id, { positions: [0], snapshot_id });
  expect(last().body).toEqual({ positions: [0], snapshot_id });
  expect(itemUris(await getPlaylistTracks(client, id))).toEqual([uris[2]]);
});
