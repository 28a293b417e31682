import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A stable 22-character base62 id (the shape of Spotify ids) derived from a seed. */
export function spotifyId(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let id = '';
  for (let i = 0; i < 22; i++) id += BASE62[(digest[i] ?? 0) % 62];
  return id;
}

/** A deterministic number in [0, 1) from a seed, for varied but repeatable demo values. */
export function seeded(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32;
}

export function pick<T>(items: readonly T[], seed: string): T {
  const item = items[Math.floor(seeded(seed) * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export const BASE62_ID = /^[0-9A-Za-z]{1,64}$/;

/** A stable MusicBrainz-style id (a version 4 UUID's shape) derived from a seed. */
export function musicbrainzId(seed: string): string {
  const hex = createHash('sha256').update(`mbid:${seed}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stable numeric id for an artist on the local Deezer. */
export function deezerArtistId(seed: string): number {
  return 1000 + Math.floor(seeded(`deezer:${seed}`) * 9_000_000);
}
