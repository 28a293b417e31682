import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { getAlbum, getAlbumTracks, getNewReleases, getSeveralAlbums } from './albums.ts';
import { findIds } from './catalogue.test-support.ts';

test('getAlbum reads GET /albums/{id} with market', async () => {
  const { client, last } = await setup();
  const { albumId } = await findIds(client);
  const album = await getAlbum(client, albumId, { market: 'GB' });
  expect(last()).toMatchObject({ method: 'GET', path: `/albums/${albumId}`, query: { market: 'GB' } });
  expect(album).toMatchObject({ id: albumId, type: 'album' });
});

test('getSeveralAlbums sends 20 ids per call and joins the answers', async () => {
  const { client, sent } = await setup();
  const { albumId } = await findIds(client);
  sent.length = 0;
  const ids = Array.from({ length: 21 }, () => albumId);
  const { albums } = await getSeveralAlbums(client, ids, { market: 'US' });
  expect(sent.map((r) => [r.method, r.path, r.query.ids?.split(',').length, r.query.market])).toEqual([
    ['GET', '/albums', 20, 'US'],
    ['GET', '/albums', 1, 'US'],
  ]);
  expect(albums).toHaveLength(21);
  expect(albums.every((a) => a?.id === albumId)).toBe(true);
});

test('getAlbumTracks reads GET /albums/{id}/tracks with paging', async () => {
  const { client, last } = await setup();
  const { albumId } = await findIds(client);
  const page = await getAlbumTracks(client, albumId, { limit: 1, offset: 0 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: `/albums/${albumId}/tracks`,
    query: { limit: '1', offset: '0' },
  });
  expect(page.items).toHaveLength(1);
  expect(page.items[0]?.type).toBe('track');
});

test('getNewReleases reads GET /browse/new-releases', async () => {
  const { client, last } = await setup();
  const { albums } = await getNewReleases(client, { limit: 5 });
  expect(last()).toMatchObject({ method: 'GET', path: '/browse/new-releases', query: { limit: '5' } });
  expect(albums.items.length).toBeGreaterThan(0);
  expect(albums.items.length).toBeLessThanOrEqual(5);
});
