import type { LastfmListener, ListenbrainzListener } from '../sources/data.ts';

/** One artist of a data file (README.md, "Data file"). */
export interface ArtistRecord {
  id: string;
  name: string;
  genres?: string[];
  popularity?: number;
  /** An image URL; without it the emulator generates raster images. */
  image?: string;
}

/** One listener who can sign in. `allowed: false` = not on the app's allow list (every /v1 call answers 403). */
export interface ListenerRecord {
  id: string;
  display_name: string;
  email?: string;
  allowed?: boolean;
  /** Artist ids in rank order. */
  top_artists: string[];
}

/** A registered OAuth client. A redirect URI on 127.0.0.1 or [::1] without a port accepts any port. */
export interface ClientRecord {
  id: string;
  redirect_uris: string[];
}

export interface EmulatorData {
  artists: ArtistRecord[];
  listeners: ListenerRecord[];
  clients?: ClientRecord[];
  /** Accounts of the local Last.fm (README.md, "Last.fm and ListenBrainz"). */
  lastfm?: LastfmListener[];
  /** Accounts of the local ListenBrainz. */
  listenbrainz?: ListenbrainzListener[];
}
