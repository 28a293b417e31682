/** What the emulator keeps per listener: library, follows, history and player. */

export interface Device {
  id: string;
  name: string;
  type: string;
  volume: number;
  supportsVolume: boolean;
}

export interface PlayerState {
  devices: Device[];
  activeDeviceId: string | null;
  contextUri: string | null;
  /** Item URIs of the context (or of the `uris` list played). */
  list: string[];
  index: number;
  queue: string[];
  isPlaying: boolean;
  /** Position when last paused or started, and the clock time then. */
  positionMs: number;
  since: number;
  repeat: 'off' | 'track' | 'context';
  shuffle: boolean;
}

export interface ListenerState {
  /** Saved tracks, albums, shows, episodes and audiobooks by URI, with the time saved. */
  saved: Map<string, string>;
  /** Followed artists and users by URI. */
  follows: Map<string, string>;
  played: { uri: string; playedAt: string }[];
  player: PlayerState;
}
