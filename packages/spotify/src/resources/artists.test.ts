import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import {
  getArtist,
  getArtistAlbums,
  getArtistRelatedArtists,
  getArtistTopTracks,
  getSeveralArtists,
} from './artists.ts';
import { getMyTopArtists } from './users.ts';

async function topArtistIds(count = 3) {
  const env = await setup();
  const page = await getMyTopArtists(env.client, { limit: count });
  env.sent.length = 0;
  return { ...env, ids: page.items.map((a) => a.id) };
}

test('getArtist reads GET /artists/{id}', async () => {
  const { client, last, ids } = await topArtistIds(1);
  const id = ids[0] as string;
  const artist = await getArtist(client, id);
  expect(last()).toMatchObject({ method: 'GET', path: `/artists/${id}`, query: {} });
  expect(artist).toMatchObject({
    id,
    type: 'artist',
    external_urls: { spotify: `https://open.spotify.com/artist/${id}` },
  });
});

test('getSeveralArtists sends 50 ids per call and joins the answers in order', async () => {
  const env = await setup();
  const ids = (await getMyTopArtists(env.client, { limit: 50 })).items.map((a) => a.id);
  const more = (await getMyTopArtists(env.client, { limit: 10, offset: 40 })).items.map((a) => a.id);
  env.sent.length = 0;
  const all = [...ids, ...more];
  const result = await getSeveralArtists(env.client, all);
  expect(env.sent.map((r) => [r.method, r.path, r.query.ids?.split(',').length])).toEqual([
    ['GET', '/artists', 50],
    ['GET', '/artists', 10],
  ]);
  expect(result.artists.map((a) => a?.id)).toEqual(all);
});

test('getSeveralArtists with no ids makes no call', async () => {
  const { client, sent } = await setup();
  expect(await getSeveralArtists(client, [])).toEqual({ artists: [] });
  expect(sent).toHaveLength(0);
});

test('getArtistAlbums reads GET /artists/{id}/albums with include_groups and paging', async () => {
  const { client, last, ids } = await topArtistIds(1);
  const id = ids[0] as string;
  const page = await getArtistAlbums(client, id, { include_groups: 'album,single', limit: 2 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: `/artists/${id}/albums`,
    query: { include_groups: 'album,single', limit: '2' },
  });
  expect(page.items.length).toBeGreaterThan(0);
  expect(page.items.length).toBeLessThanOrEqual(2);
});

test('getArtistTopTracks sends market (the current name of country)', async () => {
  const { client, last, ids } = await topArtistIds(1);
  const id = ids[0] as string;
  const { tracks } = await getArtistTopTracks(client, id, { market: 'US' });
  expect(last()).toMatchObject({ method: 'GET', path: `/artists/${id}/top-tracks`, query: { market: 'US' } });
  expect(tracks.length).toBeGreaterThan(0);
  expect(tracks[0]?.artists.some((a) => a.id === id)).toBe(true);
});

test('getArtistRelatedArtists reads GET /artists/{id}/related-artists', async () => {
  const { client, last, ids } = await topArtistIds(1);
  const id = ids[0] as string;
  const { artists } = await getArtistRelatedArtists(client, id);
  expect(last()).toMatchObject({ method: 'GET', path: `/artists/${id}/related-artists` });
  expect(Array.isArray(artists)).toBe(true);
  expect(artists.every((a) => a.id !== id)).toBe(true);
});
