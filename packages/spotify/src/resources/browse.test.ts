import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { getCategories, getCategory, getCategoryPlaylists, getFeaturedPlaylists } from './browse.ts';

test('getCategories, getCategory and getCategoryPlaylists browse the categories', async () => {
  const { client, last } = await setup();
  const { categories } = await getCategories(client, { locale: 'en_US', limit: 5 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/browse/categories',
    query: { locale: 'en_US', limit: '5' },
  });
  const id = categories.items[0]?.id as string;
  expect(id).toEqual(expect.any(String));
  const category = await getCategory(client, id, { locale: 'en_US' });
  expect(last()).toMatchObject({ path: `/browse/categories/${id}`, query: { locale: 'en_US' } });
  expect(category.id).toBe(id);
  const { playlists } = await getCategoryPlaylists(client, id, { limit: 2 });
  expect(last()).toMatchObject({ path: `/browse/categories/${id}/playlists`, query: { limit: '2' } });
  expect(playlists.items.length).toBeGreaterThan(0);
});

test('getFeaturedPlaylists reads GET /browse/featured-playlists', async () => {
  const { client, last } = await setup();
  const { playlists } = await getFeaturedPlaylists(client, { limit: 3 });
  expect(last()).toMatchObject({ method: 'GET', path: '/browse/featured-playlists', query: { limit: '3' } });
  expect(playlists.items.length).toBeGreaterThan(0);
});
