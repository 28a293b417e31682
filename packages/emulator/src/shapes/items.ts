import type { Emulator } from '../context.ts';
import { trackObject } from './music.ts';
import { episodeObject } from './podcasts.ts';

/** The full track or episode object a URI names, or undefined when it names nothing known. */
export function playableObject(emu: Emulator, origin: string, uri: string) {
  const [, type, id = ''] = uri.split(':');
  if (type === 'track') {
    const track = emu.cat.tracks.get(id);
    return track ? trackObject(emu, origin, track) : undefined;
  }
  if (type === 'episode') {
    const episode = emu.cat.episodes.get(id);
    return episode ? { ...episodeObject(emu, origin, episode), type: 'episode' as const } : undefined;
  }
  return undefined;
}

export function knownPlayable(emu: Emulator, uri: string): boolean {
  const [, type, id = ''] = uri.split(':');
  return (type === 'track' && emu.cat.tracks.has(id)) || (type === 'episode' && emu.cat.episodes.has(id));
}

export function durationOf(emu: Emulator, uri: string): number {
  const [, type, id = ''] = uri.split(':');
  if (type === 'track') return emu.cat.tracks.get(id)?.durationMs ?? 0;
  return emu.cat.episodes.get(id)?.durationMs ?? 0;
}
