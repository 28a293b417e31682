import { expect, test } from 'vitest';
import { createSpotify } from './facade.ts';
import { setup } from './test-emulator.ts';

test('the facade groups the operations by section and binds them to one client', async () => {
  const { client, last } = await setup();
  const spotify = createSpotify(client.options);
  const page = await spotify.users.getMyTopArtists({ limit: 2 });
  expect(last()).toMatchObject({ method: 'GET', path: '/me/top/artists', query: { limit: '2' } });
  const artist = await spotify.artists.getArtist(page.items[0]?.id as string);
  expect(artist.id).toBe(page.items[0]?.id);
  expect(typeof spotify.playlists.addItemsToPlaylist).toBe('function');
  expect(typeof spotify.library.saveLibraryItems).toBe('function');
  expect(spotify.client.options).toBe(client.options);
});
