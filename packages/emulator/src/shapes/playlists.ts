import { createHash } from 'node:crypto';
import type { Emulator } from '../context.ts';
import type { PlaylistItem, PlaylistState } from '../store.ts';
import { SPOTIFY_USER } from '../store.ts';
import { images, links, page } from './common.ts';
import { playableObject } from './items.ts';
import { spotifyOwner } from './users.ts';

/** An opaque version string that changes with every edit of the playlist. */
export function snapshotId(playlist: PlaylistState): string {
  const digest = createHash('sha256').update(`${playlist.id}:${playlist.version}`).digest('base64url');
  return `${Buffer.from(`v${playlist.version}`).toString('base64url')}${digest.slice(0, 24)}`;
}

function owner(emu: Emulator, origin: string, ownerId: string) {
  if (ownerId === SPOTIFY_USER) return spotifyOwner(origin);
  const listener = emu.cat.listeners.get(ownerId);
  return { ...links(origin, 'user', ownerId), display_name: listener?.display_name ?? null };
}

export function playlistImages(origin: string, playlist: PlaylistState) {
  if (playlist.cover)
    return [
      { url: `${origin}/images/cover/${playlist.id}/${playlist.version}.jpg`, height: null, width: null },
    ];
  return images(origin, 'playlist', playlist.id);
}

function base(emu: Emulator, origin: string, playlist: PlaylistState) {
  return {
    collaborative: playlist.collaborative,
    description: playlist.description ?? '',
    ...links(origin, 'playlist', playlist.id),
    images: playlistImages(origin, playlist),
    name: playlist.name,
    owner: owner(emu, origin, playlist.ownerId),
    public: playlist.public,
    snapshot_id: snapshotId(playlist),
  };
}

export function simplePlaylist(emu: Emulator, origin: string, playlist: PlaylistState) {
  const ref = { href: `${origin}/v1/playlists/${playlist.id}/items`, total: playlist.items.length };
  return { ...base(emu, origin, playlist), items: ref, tracks: ref };
}

export function playlistItem(emu: Emulator, origin: string, item: PlaylistItem) {
  const object = playableObject(emu, origin, item.uri);
  return {
    added_at: item.addedAt,
    added_by: links(origin, 'user', item.addedBy),
    is_local: false,
    item: object,
    track: object,
  };
}

export function playlistObject(emu: Emulator, origin: string, playlist: PlaylistState) {
  const items = page(`${origin}/v1/playlists/${playlist.id}/items`, playlist.items, 100, 0, (i) =>
    playlistItem(emu, origin, i),
  );
  return {
    ...base(emu, origin, playlist),
    followers: { href: null, total: playlist.followers.size },
    items,
    tracks: items,
  };
}
