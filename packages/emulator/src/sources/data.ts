import { demoData } from '../data/demo.ts';
import type { EmulatorData } from '../data/types.ts';

/** A Last.fm account of the local Last.fm (README.md, "Data file"). */
export interface LastfmListener {
  name: string;
  realname?: string;
  /** Artist ids of the data file in rank order (the last month). */
  top_artists: string[];
}

/** A ListenBrainz account of the local ListenBrainz. `stats: false` = statistics not computed yet (204). */
export interface ListenbrainzListener {
  name: string;
  /** The user token the listener pastes into the app. */
  token: string;
  top_artists: string[];
  /** How many of `top_artists` fall in this calendar month (default all). */
  this_month?: number;
  stats?: boolean;
}

export interface SourceData {
  lastfm?: LastfmListener[];
  listenbrainz?: ListenbrainzListener[];
}

const ids = demoData.artists.map((a) => a.id);
const pickIds = (indexes: number[]) => indexes.map((i) => ids[i]).filter((id) => id !== undefined);

/** The demo accounts of the local Last.fm and ListenBrainz. */
export const demoSources: Required<SourceData> = {
  lastfm: [
    { name: 'demo-scrobbler', realname: 'Demo Scrobbler', top_artists: ids.slice(0, 50) },
    { name: 'quiet-scrobbler', realname: 'Quiet Scrobbler', top_artists: pickIds([7, 3, 21, 60, 2]) },
  ],
  listenbrainz: [
    {
      name: 'demo-brainz',
      token: 'demo-listenbrainz-token-0000000000000001',
      top_artists: ids.slice(0, 50),
      this_month: 25,
    },
    {
      name: 'fresh-brainz',
      token: 'fresh-listenbrainz-token-000000000000002',
      top_artists: [],
      stats: false,
    },
  ],
};

/** The artist names of a data file by id. */
export function artistNamesById(data: EmulatorData): Map<string, string> {
  return new Map(data.artists.map((a) => [a.id, a.name]));
}
