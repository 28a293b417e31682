import { demoData } from '../data/demo.ts';
import type { EmulatorData, LastfmListener, ListenbrainzListener } from '../data/types.ts';

export type { LastfmListener, ListenbrainzListener };

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
