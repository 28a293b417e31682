import type { Catalogue } from './data/catalogue.ts';
import { spotifyId } from './data/ids.ts';
import type { ListenerState } from './listener-state.ts';
import { initialListener } from './seed.ts';

interface AccessToken {
  listenerId: string;
  familyId: string;
  scope: string;
  expiresAt: number;
}

interface RefreshToken {
  listenerId: string;
  clientId: string;
  familyId: string;
  scope: string;
  expiresAt: number;
  /** Set once rotated; presenting it again revokes the family. */
  used: boolean;
}

interface CodeGrant {
  listenerId: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
  used: boolean;
  /** Tokens issued from this code, revoked if the code is presented again. */
  familyId?: string;
}

export interface Fault {
  method?: string;
  path: string;
  status?: number;
  delayMs: number;
  retryAfter?: number;
  body?: unknown;
  /** Calls left; -1 = until cleared. */
  times: number;
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  grantType?: string;
}

export interface PlaylistItem {
  uri: string;
  addedAt: string;
  addedBy: string;
}

export interface PlaylistState {
  id: string;
  name: string;
  description: string | null;
  public: boolean;
  collaborative: boolean;
  ownerId: string;
  items: PlaylistItem[];
  version: number;
  cover?: Buffer;
  followers: Set<string>;
}

export interface Store {
  clockOffsetMs: number;
  codes: Map<string, CodeGrant>;
  tokens: Map<string, AccessToken>;
  refreshTokens: Map<string, RefreshToken>;
  revokedFamilies: Set<string>;
  listeners: Map<string, ListenerState>;
  playlists: Map<string, PlaylistState>;
  faults: Fault[];
  requests: LoggedRequest[];
}

export const SPOTIFY_USER = 'spotify';

export function createStore(cat: Catalogue, now: number): Store {
  const store: Store = {
    clockOffsetMs: 0,
    codes: new Map(),
    tokens: new Map(),
    refreshTokens: new Map(),
    revokedFamilies: new Set(),
    listeners: new Map(),
    playlists: new Map(),
    faults: [],
    requests: [],
  };
  const addedAt = new Date(now - 86_400_000).toISOString();
  for (const seed of cat.playlists) {
    store.playlists.set(seed.id, {
      id: seed.id,
      name: seed.name,
      description: seed.description,
      public: true,
      collaborative: false,
      ownerId: SPOTIFY_USER,
      items: seed.trackIds.map((id) => ({ uri: `spotify:track:${id}`, addedAt, addedBy: SPOTIFY_USER })),
      version: 1,
      followers: new Set(),
    });
  }
  for (const listener of cat.listeners.values()) {
    const state = initialListener(cat, listener.id, listener.top_artists, now);
    store.listeners.set(listener.id, state);
    if (listener.top_artists.length === 0) continue;
    const id = spotifyId(`playlist:${listener.id}:mine`);
    store.playlists.set(id, {
      id,
      name: 'On Repeat (mine)',
      description: 'Songs I keep coming back to.',
      public: true,
      collaborative: false,
      ownerId: listener.id,
      items: [...state.saved.keys()]
        .filter((uri) => uri.startsWith('spotify:track:'))
        .map((uri) => ({ uri, addedAt, addedBy: listener.id })),
      version: 1,
      followers: new Set([listener.id]),
    });
    const followed = cat.playlists[0];
    if (followed) store.playlists.get(followed.id)?.followers.add(listener.id);
  }
  return store;
}
