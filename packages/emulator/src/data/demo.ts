import { pick, seeded, spotifyId } from './ids.ts';
import { artistNames, GENRES } from './names.ts';
import type { ArtistRecord, EmulatorData } from './types.ts';

const ARTIST_COUNT = 320;

function demoArtist(name: string, index: number): ArtistRecord {
  const first = pick(GENRES, `genre:${name}`);
  const second = pick(GENRES, `genre2:${name}`);
  return {
    id: spotifyId(`artist:${name}`),
    name,
    genres: first === second ? [first] : [first, second],
    popularity: Math.max(5, 95 - Math.floor(index / 4) - Math.floor(seeded(`pop:${name}`) * 10)),
  };
}

const artists = artistNames(ARTIST_COUNT).map(demoArtist);
const ids = artists.map((a) => a.id);
const at = (indexes: number[]) => indexes.map((i) => ids[i]).filter((id) => id !== undefined);

/** The built-in catalogue: 320 artists and the four demo listeners of the contract. */
export const demoData: EmulatorData = {
  artists,
  listeners: [
    {
      id: 'demo-listener',
      display_name: 'Demo Listener',
      email: 'demo@example.com',
      top_artists: ids.slice(0, 50),
    },
    {
      id: 'casual-listener',
      display_name: 'Casual Listener',
      email: 'casual@example.com',
      top_artists: at([89, 0, 91, 120, 11, 150, 93, 201, 40, 97, 250, 5]),
    },
    { id: 'new-listener', display_name: 'New Listener', email: 'new@example.com', top_artists: [] },
    {
      id: 'guest-listener',
      display_name: 'Guest Listener',
      email: 'guest@example.com',
      allowed: false,
      top_artists: ids.slice(100, 140),
    },
  ],
};
