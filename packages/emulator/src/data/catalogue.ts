import { pick, seeded, spotifyId } from './ids.ts';
import { TITLE_WORDS } from './names.ts';
import type { ArtistRecord, ClientRecord, EmulatorData, ListenerRecord } from './types.ts';

export interface Album {
  id: string;
  name: string;
  albumType: 'album' | 'single' | 'compilation';
  artistIds: string[];
  releaseDate: string;
  precision: 'year' | 'day';
  trackIds: string[];
  popularity: number;
}

export interface Track {
  id: string;
  name: string;
  albumId: string;
  artistIds: string[];
  durationMs: number;
  trackNumber: number;
  explicit: boolean;
  popularity: number;
}

export interface Show {
  id: string;
  name: string;
  publisher: string;
  episodeIds: string[];
}

export interface Episode {
  id: string;
  name: string;
  showId: string;
  durationMs: number;
  releaseDate: string;
}

export interface Category {
  id: string;
  name: string;
}

/** A playlist owned by Spotify that every listener can read and follow. */
interface PlaylistSeed {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  trackIds: string[];
}

/** Everything the Web API serves, derived deterministically from the data file's artists. */
export interface Catalogue {
  artists: Map<string, ArtistRecord>;
  albums: Map<string, Album>;
  tracks: Map<string, Track>;
  shows: Map<string, Show>;
  episodes: Map<string, Episode>;
  categories: Category[];
  playlists: PlaylistSeed[];
  artistAlbums: Map<string, string[]>;
  listeners: Map<string, ListenerRecord>;
  clients: ClientRecord[];
}

const CATEGORIES = ['Top Lists', 'Pop', 'Hip-Hop', 'Rock', 'Indie', 'Electronic', 'Latin', 'Chill'];
const SHOWS = [
  'Liner Notes',
  'The Deep Cut',
  'B-Sides & Rarities',
  'Studio Stories',
  'Sample Clearance',
  'Tour Diaries',
  'La Música Hoy',
  'Encore',
  'Sound Check',
  'The Long Player',
];

function day(seed: string, fromYear: number): string {
  const date = new Date(Date.UTC(fromYear, 0, 1) + Math.floor(seeded(seed) * 40 * 365) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function addArtistAlbums(cat: Catalogue, artist: ArtistRecord, index: number, next: ArtistRecord): void {
  const ids: string[] = [];
  const kinds = [index % 10 === 9 ? 'compilation' : 'album', 'single'] as const;
  kinds.forEach((albumType, n) => {
    const id = spotifyId(`album:${artist.id}:${n}`);
    const count = albumType === 'single' ? 1 : 3;
    const trackIds = Array.from({ length: count }, (_, t) => spotifyId(`track:${artist.id}:${n}:${t}`));
    const date = day(`date:${id}`, 1970);
    cat.albums.set(id, {
      id,
      name: pick(TITLE_WORDS, `albumname:${id}`),
      albumType,
      artistIds: [artist.id],
      releaseDate: index % 7 === 0 ? date.slice(0, 4) : date,
      precision: index % 7 === 0 ? 'year' : 'day',
      trackIds,
      popularity: Math.floor(seeded(`albumpop:${id}`) * 100),
    });
    trackIds.forEach((trackId, t) => {
      const featured = t === 1 && index % 4 === 0 && next.id !== artist.id;
      cat.tracks.set(trackId, {
        id: trackId,
        name: pick(TITLE_WORDS, `trackname:${trackId}`) + (t > 0 ? ` (Part ${t + 1})` : ''),
        albumId: id,
        artistIds: featured ? [artist.id, next.id] : [artist.id],
        durationMs: 120_000 + Math.floor(seeded(`dur:${trackId}`) * 180_000),
        trackNumber: t + 1,
        explicit: seeded(`explicit:${trackId}`) < 0.2,
        popularity: Math.floor(seeded(`trackpop:${trackId}`) * 100),
      });
    });
    ids.push(id);
  });
  cat.artistAlbums.set(artist.id, ids);
}

function addShows(cat: Catalogue): void {
  SHOWS.forEach((name, s) => {
    const id = spotifyId(`show:${name}`);
    const episodeIds = Array.from({ length: 8 }, (_, e) => spotifyId(`episode:${name}:${e}`));
    cat.shows.set(id, { id, name, publisher: `${name} Media`, episodeIds });
    episodeIds.forEach((episodeId, e) => {
      cat.episodes.set(episodeId, {
        id: episodeId,
        name: `${name} #${8 - e}: ${pick(TITLE_WORDS, `ep:${episodeId}`)}`,
        showId: id,
        durationMs: 900_000 + Math.floor(seeded(`epdur:${episodeId}`) * 2_700_000),
        releaseDate: day(`epdate:${s}:${e}`, 2015),
      });
    });
  });
}

function addPlaylists(cat: Catalogue): void {
  const trackIds = [...cat.tracks.keys()];
  CATEGORIES.forEach((name, c) => {
    const categoryId = name.toLowerCase().replace(/[^a-z]/g, '');
    cat.categories.push({ id: categoryId, name });
    for (let p = 0; p < 2; p++) {
      const start = Math.floor(seeded(`pl:${name}:${p}`) * Math.max(1, trackIds.length - 20));
      cat.playlists.push({
        id: spotifyId(`playlist:${name}:${p}`),
        name: p === 0 ? `${name} Essentials` : `${name} Rising`,
        description: `The sound of ${name.toLowerCase()} right now.`,
        categoryId,
        trackIds: trackIds.slice(start, start + 20 - c),
      });
    }
  });
}

export function buildCatalogue(data: EmulatorData): Catalogue {
  const cat: Catalogue = {
    artists: new Map(data.artists.map((a) => [a.id, a])),
    albums: new Map(),
    tracks: new Map(),
    shows: new Map(),
    episodes: new Map(),
    categories: [],
    playlists: [],
    artistAlbums: new Map(),
    listeners: new Map(data.listeners.map((l) => [l.id, l])),
    clients: data.clients ?? [],
  };
  data.artists.forEach((artist, i) => {
    addArtistAlbums(cat, artist, i, data.artists[(i + 1) % data.artists.length] ?? artist);
  });
  addShows(cat);
  addPlaylists(cat);
  return cat;
}
