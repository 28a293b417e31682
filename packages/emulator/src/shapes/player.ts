import type { Emulator } from '../context.ts';
import type { Device, PlayerState } from '../listener-state.ts';
import { durationOf, playableObject } from './items.ts';

export function currentUri(player: PlayerState): string | undefined {
  return player.activeDeviceId ? player.list[player.index] : undefined;
}

/** Where playback is now: the stored position plus the time played since, capped at the item's end. */
export function progressMs(emu: Emulator, player: PlayerState): number {
  const uri = currentUri(player);
  if (!uri) return 0;
  const elapsed = player.isPlaying ? emu.now() - player.since : 0;
  return Math.max(0, Math.min(durationOf(emu, uri), player.positionMs + elapsed));
}

export function deviceObject(player: PlayerState, device: Device) {
  return {
    id: device.id,
    is_active: device.id === player.activeDeviceId,
    is_private_session: false,
    is_restricted: false,
    name: device.name,
    type: device.type,
    volume_percent: device.volume,
    supports_volume: device.supportsVolume,
  };
}

function contextObject(origin: string, uri: string) {
  const [, type = '', id = ''] = uri.split(':');
  return {
    type,
    href: `${origin}/v1/${type}s/${id}`,
    external_urls: { spotify: `https://open.spotify.com/${type}/${id}` },
    uri,
  };
}

/** CurrentlyPlayingObject, or undefined when nothing is playing (Spotify answers 204). */
export function currentlyPlaying(emu: Emulator, origin: string, player: PlayerState) {
  const uri = currentUri(player);
  if (!uri) return undefined;
  return {
    ...(player.contextUri ? { context: contextObject(origin, player.contextUri) } : {}),
    timestamp: emu.now(),
    progress_ms: progressMs(emu, player),
    is_playing: player.isPlaying,
    item: playableObject(emu, origin, uri),
    currently_playing_type: uri.startsWith('spotify:episode:') ? 'episode' : 'track',
    actions: { pausing: !player.isPlaying, resuming: player.isPlaying, skipping_prev: player.index === 0 },
  };
}

export function playbackState(emu: Emulator, origin: string, player: PlayerState) {
  const playing = currentlyPlaying(emu, origin, player);
  const device = player.devices.find((d) => d.id === player.activeDeviceId);
  if (!playing || !device) return undefined;
  return {
    device: deviceObject(player, device),
    repeat_state: player.repeat,
    shuffle_state: player.shuffle,
    ...playing,
  };
}
