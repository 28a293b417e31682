import type { CallOptions, SpotifyClient } from '../client.ts';
import type {
  CurrentlyPlaying,
  CursorPaging,
  Device,
  MarketQuery,
  PlaybackState,
  PlayHistory,
  Queue,
} from '../types.ts';

/** Options of the player commands: the target device goes in the query. */
export interface DeviceQuery {
  device_id?: string;
}

export interface PlayBody {
  context_uri?: string;
  uris?: readonly string[];
  offset?: { position: number } | { uri: string };
  position_ms?: number;
}

type PlayerQuery = MarketQuery & { additional_types?: string };

const command = (
  client: SpotifyClient,
  method: string,
  path: string,
  query?: object,
  options?: CallOptions,
) => client.command(method, `/me/player${path}`, { query, ...options });

/** Get Playback State; resolves to `undefined` when nothing is playing (204). */
export function getPlaybackState(
  client: SpotifyClient,
  query?: PlayerQuery,
  options?: CallOptions,
): Promise<PlaybackState | undefined> {
  return client.request('GET', '/me/player', { query, ...options });
}

/** Transfer Playback. */
export function transferPlayback(
  client: SpotifyClient,
  deviceIds: readonly string[],
  play?: boolean,
  options?: CallOptions,
): Promise<void> {
  return client.command('PUT', '/me/player', { body: { device_ids: deviceIds, play }, ...options });
}

/** Get Available Devices. */
export function getAvailableDevices(
  client: SpotifyClient,
  options?: CallOptions,
): Promise<{ devices: Device[] }> {
  return client.request('GET', '/me/player/devices', options);
}

/** Get Currently Playing Track; `undefined` when nothing is playing (204). */
export function getCurrentlyPlaying(
  client: SpotifyClient,
  query?: PlayerQuery,
  options?: CallOptions,
): Promise<CurrentlyPlaying | undefined> {
  return client.request('GET', '/me/player/currently-playing', { query, ...options });
}

/** Start/Resume Playback. */
export function startPlayback(
  client: SpotifyClient,
  body?: PlayBody,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return client.command('PUT', '/me/player/play', { query, body: body ?? {}, ...options });
}

/** Pause Playback. */
export function pausePlayback(
  client: SpotifyClient,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'PUT', '/pause', query, options);
}

/** Skip To Next. */
export function skipToNext(client: SpotifyClient, query?: DeviceQuery, options?: CallOptions): Promise<void> {
  return command(client, 'POST', '/next', query, options);
}

/** Skip To Previous. */
export function skipToPrevious(
  client: SpotifyClient,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'POST', '/previous', query, options);
}

/** Seek To Position. */
export function seekToPosition(
  client: SpotifyClient,
  positionMs: number,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'PUT', '/seek', { ...query, position_ms: positionMs }, options);
}

/** Set Repeat Mode. */
export function setRepeatMode(
  client: SpotifyClient,
  state: 'track' | 'context' | 'off',
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'PUT', '/repeat', { ...query, state }, options);
}

/** Set Playback Volume. */
export function setPlaybackVolume(
  client: SpotifyClient,
  volumePercent: number,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'PUT', '/volume', { ...query, volume_percent: volumePercent }, options);
}

/** Toggle Playback Shuffle. */
export function togglePlaybackShuffle(
  client: SpotifyClient,
  state: boolean,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'PUT', '/shuffle', { ...query, state }, options);
}

/** Get Recently Played Tracks (cursor paging with `after` or `before`, Unix ms). */
export function getRecentlyPlayedTracks(
  client: SpotifyClient,
  query?: { limit?: number; after?: number; before?: number },
  options?: CallOptions,
): Promise<CursorPaging<PlayHistory>> {
  return client.request('GET', '/me/player/recently-played', { query, ...options });
}

/** Get the User's Queue. */
export function getQueue(client: SpotifyClient, options?: CallOptions): Promise<Queue> {
  return client.request('GET', '/me/player/queue', options);
}

/** Add Item to Playback Queue. */
export function addToQueue(
  client: SpotifyClient,
  uri: string,
  query?: DeviceQuery,
  options?: CallOptions,
): Promise<void> {
  return command(client, 'POST', '/queue', { ...query, uri }, options);
}
