// Finds real ids in the emulator's catalogue, so the tests do not hard-code its generated data.
import type { SpotifyClient } from '../client.ts';
import { getAlbumTracks } from './albums.ts';
import { getArtistAlbums } from './artists.ts';
import { search } from './search.ts';
import { getMyTopArtists } from './users.ts';

export async function findIds(client: SpotifyClient) {
  const artist = (await getMyTopArtists(client, { limit: 1 })).items[0];
  if (!artist) throw new Error('the demo listener has no top artist');
  const album = (await getArtistAlbums(client, artist.id, { limit: 1 })).items[0];
  if (!album) throw new Error(`artist ${artist.id} has no album`);
  const tracks = (await getAlbumTracks(client, album.id)).items;
  return {
    artistId: artist.id,
    albumId: album.id,
    trackIds: tracks.map((t) => t.id),
    trackUris: tracks.map((t) => t.uri),
  };
}

export async function findShowId(client: SpotifyClient) {
  const show = (await search(client, { q: 'a', type: 'show', limit: 1 })).shows?.items[0];
  if (!show?.id) throw new Error('search found no show');
  return show.id;
}
