// Grouped, object-style access to every operation, for code that prefers `spotify.artists.get(id)`.
// It imports the whole catalogue; apps that care about size import the functions from the main entry.
import { createClient, type SpotifyClient } from './client.ts';
import type { ClientOptions } from './options.ts';
import * as albums from './resources/albums.ts';
import * as artists from './resources/artists.ts';
import * as audio from './resources/audio.ts';
import * as browse from './resources/browse.ts';
import * as follow from './resources/follow.ts';
import * as library from './resources/library.ts';
import * as player from './resources/player.ts';
import * as playlistItems from './resources/playlist-items.ts';
import * as playlists from './resources/playlists.ts';
import * as savedItems from './resources/saved-items.ts';
import * as searchSection from './resources/search.ts';
import * as shows from './resources/shows.ts';
import * as tracks from './resources/tracks.ts';
import * as users from './resources/users.ts';

// biome-ignore lint/suspicious/noExplicitAny: a function of any parameters, narrowed by Bound below
type Operation = (client: SpotifyClient, ...args: any[]) => unknown;
type Bound<T> = {
  [K in keyof T as T[K] extends Operation ? K : never]: T[K] extends (
    client: SpotifyClient,
    ...args: infer A
  ) => infer R
    ? (...args: A) => R
    : never;
};

function bind<T extends object>(client: SpotifyClient, section: T): Bound<T> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(section)) {
    if (typeof value === 'function') out[name] = (...args: unknown[]) => value(client, ...args);
  }
  // Cast: `out` holds each function of `section` bound to the client, which is what Bound<T> describes.
  return out as Bound<T>;
}

/** A client with every operation grouped by section, e.g. `spotify.users.getMyTopArtists({ limit: 50 })`. */
export function createSpotify(options: ClientOptions) {
  const client = createClient(options);
  return {
    client,
    albums: bind(client, albums),
    artists: bind(client, artists),
    audio: bind(client, audio),
    browse: bind(client, browse),
    follow: bind(client, follow),
    library: bind(client, { ...library, ...savedItems }),
    player: bind(client, player),
    playlists: bind(client, { ...playlists, ...playlistItems }),
    search: bind(client, searchSection),
    shows: bind(client, shows),
    tracks: bind(client, tracks),
    users: bind(client, users),
  };
}

export type Spotify = ReturnType<typeof createSpotify>;
