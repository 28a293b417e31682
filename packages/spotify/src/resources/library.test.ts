import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findIds, findShowId } from './catalogue.test-support.ts';
import {
  checkSavedAlbums,
  checkSavedShows,
  checkSavedTracks,
  getSavedAlbums,
  getSavedShows,
  getSavedTracks,
  removeSavedAlbums,
  removeSavedShows,
  removeSavedTracks,
  saveAlbums,
  saveShows,
  saveTracks,
} from './library.ts';

test('saveTracks, checkSavedTracks, getSavedTracks and removeSavedTracks manage saved tracks', async () => {
  const { client, last } = await setup();
  const ids = (await findIds(client)).trackIds.slice(0, 2);
  await expect(saveTracks(client, ids)).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/tracks',
    body: { ids },
    contentType: 'application/json',
  });
  expect(await checkSavedTracks(client, ids)).toEqual([true, true]);
  expect(last()).toMatchObject({ method: 'GET', path: '/me/tracks/contains', query: { ids: ids.join(',') } });
  const page = await getSavedTracks(client, { limit: 50, market: 'US' });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/tracks', query: { limit: '50', market: 'US' } });
  expect(page.items.map((s) => s.track?.id)).toEqual(expect.arrayContaining(ids));
  await removeSavedTracks(client, [ids[0] as string]);
  expect(last()).toMatchObject({ method: 'DELETE', path: '/me/tracks', body: { ids: [ids[0]] } });
  expect(await checkSavedTracks(client, ids)).toEqual([false, true]);
});

test('saveAlbums sends 20 ids per call; checkSavedAlbums, getSavedAlbums and removeSavedAlbums follow', async () => {
  const { client, last, sent } = await setup();
  const { albumId } = await findIds(client);
  sent.length = 0;
  await saveAlbums(
    client,
    Array.from({ length: 21 }, () => albumId),
  );
  expect(sent.map((r) => [r.method, r.path, (r.body as { ids: string[] }).ids.length])).toEqual([
    ['PUT', '/me/albums', 20],
    ['PUT', '/me/albums', 1],
  ]);
  expect(await checkSavedAlbums(client, [albumId])).toEqual([true]);
  expect(last()).toMatchObject({ path: '/me/albums/contains', query: { ids: albumId } });
  const page = await getSavedAlbums(client, { limit: 10 });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/albums', query: { limit: '10' } });
  expect(page.items.map((s) => s.album?.id)).toContain(albumId);
  await removeSavedAlbums(client, [albumId]);
  expect(last()).toMatchObject({ method: 'DELETE', path: '/me/albums', body: { ids: [albumId] } });
  expect(await checkSavedAlbums(client, [albumId])).toEqual([false]);
});

test('saveShows, checkSavedShows, getSavedShows and removeSavedShows manage saved shows', async () => {
  const { client, last } = await setup();
  const showId = await findShowId(client);
  await saveShows(client, [showId]);
  expect(last()).toMatchObject({ method: 'PUT', path: '/me/shows', body: { ids: [showId] } });
  expect(await checkSavedShows(client, [showId])).toEqual([true]);
  expect(last()).toMatchObject({ path: '/me/shows/contains', query: { ids: showId } });
  const page = await getSavedShows(client, { limit: 5 });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/shows', query: { limit: '5' } });
  expect(page.items.map((s) => s.show?.id)).toContain(showId);
  await removeSavedShows(client, [showId]);
  expect(last()).toMatchObject({ method: 'DELETE', path: '/me/shows', body: { ids: [showId] } });
  expect(await checkSavedShows(client, [showId])).toEqual([false]);
});
