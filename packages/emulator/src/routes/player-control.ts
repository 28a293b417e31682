import type { Context } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import type { ListenerState, PlayerState } from '../listener-state.ts';
import { durationOf, knownPlayable } from '../shapes/items.ts';
import { currentUri, progressMs } from '../shapes/player.ts';
import { ApiError, notFound, parseUri } from '../validate.ts';
import { topTracks } from './users.ts';

/** The caller's state, with playback moved on past items that ended since the last call. */
export function listenerState(emu: Emulator, c: Context<AppEnv>): ListenerState {
  const state = emu.store.listeners.get(c.get('listener').id);
  if (!state) throw notFound();
  playOn(emu, state);
  return state;
}

function playOn(emu: Emulator, state: ListenerState): void {
  const player = state.player;
  for (let guard = 0; guard < 200 && player.isPlaying; guard++) {
    const uri = currentUri(player);
    if (!uri) return;
    const endsAt = player.since + durationOf(emu, uri) - player.positionMs;
    if (emu.now() < endsAt) return;
    skipNext(emu, state);
    player.since = endsAt;
  }
}

export function noActiveDevice(): ApiError {
  return new ApiError(404, 'Player command failed: No active device found', 'NO_ACTIVE_DEVICE');
}

export function restricted(): ApiError {
  return new ApiError(403, 'Player command failed: Restriction violated', 'UNKNOWN');
}

/** The device a command targets: `device_id` when given, else the active one. */
export function targetDevice(c: Context, player: PlayerState) {
  const id = c.req.query('device_id');
  if (id !== undefined) {
    const device = player.devices.find((d) => d.id === id);
    if (!device) throw new ApiError(404, 'Device not found');
    player.activeDeviceId = device.id;
    return device;
  }
  const active = player.devices.find((d) => d.id === player.activeDeviceId);
  if (!active) throw noActiveDevice();
  return active;
}

/** The items a context URI plays: an album's tracks, a playlist's items, an artist's or a show's. */
export function contextItems(emu: Emulator, uri: string): string[] {
  const { type, id } = parseUri(uri);
  const invalid = () => new ApiError(400, `Invalid context uri: ${uri}`);
  if (type === 'album') {
    const album = emu.cat.albums.get(id);
    if (!album) throw invalid();
    return album.trackIds.map((t) => `spotify:track:${t}`);
  }
  if (type === 'playlist') {
    const playlist = emu.store.playlists.get(id);
    if (!playlist) throw invalid();
    return playlist.items.map((i) => i.uri);
  }
  if (type === 'artist') {
    if (!emu.cat.artists.has(id)) throw invalid();
    return topTracks(emu, [id]).map((t) => `spotify:track:${t.id}`);
  }
  if (type === 'show') {
    const show = emu.cat.shows.get(id);
    if (!show) throw invalid();
    return show.episodeIds.map((e) => `spotify:episode:${e}`);
  }
  throw invalid();
}

export function checkPlayable(emu: Emulator, uri: unknown): string {
  if (typeof uri !== 'string') throw new ApiError(400, 'Invalid track uri');
  parseUri(uri);
  if (!knownPlayable(emu, uri)) throw new ApiError(400, `Invalid track uri: ${uri}`);
  return uri;
}

/** Starts the item at `index` from `positionMs`, remembering the previous one as played. */
export function startAt(
  emu: Emulator,
  state: ListenerState,
  index: number,
  positionMs = 0,
  playing = true,
): void {
  const player = state.player;
  const previous = currentUri(player);
  if (previous && index !== player.index)
    state.played.unshift({ uri: previous, playedAt: new Date(emu.now()).toISOString() });
  if (state.played.length > 50) state.played.length = 50;
  player.index = index;
  player.positionMs = positionMs;
  player.since = emu.now();
  player.isPlaying = playing;
}

export function skipNext(emu: Emulator, state: ListenerState): void {
  const player = state.player;
  const queued = player.queue.shift();
  if (queued) {
    player.list.splice(player.index + 1, 0, queued);
    startAt(emu, state, player.index + 1);
  } else if (player.repeat === 'track') {
    startAt(emu, state, player.index);
  } else if (player.index + 1 < player.list.length) {
    startAt(emu, state, player.index + 1);
  } else if (player.repeat === 'context') {
    startAt(emu, state, 0);
  } else {
    startAt(emu, state, player.index, 0, false);
  }
}

export function skipPrevious(emu: Emulator, state: ListenerState): void {
  const player = state.player;
  const restart = progressMs(emu, player) > 3000 || player.index === 0;
  startAt(emu, state, restart ? player.index : player.index - 1);
}
