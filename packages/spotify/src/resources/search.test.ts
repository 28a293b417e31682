import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { search } from './search.ts';
import { getMyTopArtists } from './users.ts';

test('search sends q and the kinds as a comma list, and answers one page per kind', async () => {
  const { client, last } = await setup();
  const artist = (await getMyTopArtists(client, { limit: 1 })).items[0];
  const name = artist?.name as string;
  const result = await search(client, { q: name, type: ['artist', 'track'], limit: 5 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/search',
    query: { q: name, type: 'artist,track', limit: '5' },
  });
  expect(result.artists?.items.some((a) => a.id === artist?.id)).toBe(true);
  expect(result.tracks).toBeDefined();
  expect(result.albums).toBeUndefined();
});
