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

export interface EmulatorData {
  artists: ArtistRecord[];
  listeners: ListenerRecord[];
  clients?: ClientRecord[];
  /** Accounts of the local Last.fm (README.md, "Last.fm and ListenBrainz"). */
  lastfm?: LastfmListener[];
  /** Accounts of the local ListenBrainz. */
  listenbrainz?: ListenbrainzListener[];
}
