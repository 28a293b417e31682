import type { Catalogue } from './data/catalogue.ts';
import { spotifyId } from './data/ids.ts';
import type { ListenerState } from './listener-state.ts';

/**
 * A listener's starting library and player, derived from their top artists: saved tracks and
 * albums, followed artists, a saved show, a listening history, and (for the demo listener) a paused
 * track, so every read has something to show.
 */
export function initialListener(
  cat: Catalogue,
  listenerId: string,
  topArtists: string[],
  now: number,
): ListenerState {
  const stamp = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const topTracks = topArtists.flatMap((id) => {
    const albumId = cat.artistAlbums.get(id)?.[0];
    return albumId ? (cat.albums.get(albumId)?.trackIds.slice(0, 1) ?? []) : [];
  });
  const saved = new Map<string, string>();
  for (const [i, id] of topTracks.slice(0, 15).entries())
    saved.set(`spotify:track:${id}`, stamp(i * 600 + 30));
  topArtists.slice(0, 5).forEach((id, i) => {
    const albumId = cat.artistAlbums.get(id)?.[0];
    if (albumId) saved.set(`spotify:album:${albumId}`, stamp(i * 900 + 45));
  });
  const follows = new Map<string, string>();
  for (const [i, id] of topArtists.slice(0, 10).entries())
    follows.set(`spotify:artist:${id}`, stamp(i * 700));
  const [firstShow] = cat.shows.values();
  if (topArtists.length > 0 && firstShow) {
    saved.set(`spotify:show:${firstShow.id}`, stamp(5000));
    const ep = firstShow.episodeIds[0];
    if (ep) saved.set(`spotify:episode:${ep}`, stamp(5001));
  }
  const list = topTracks.map((id) => `spotify:track:${id}`);
  const playing = list.length >= 3 && listenerId === 'demo-listener';
  return {
    saved,
    follows,
    played: list.slice(0, 20).map((uri, i) => ({ uri, playedAt: stamp(i * 4 + 4) })),
    player: {
      devices: [
        {
          id: spotifyId(`device:${listenerId}:1`),
          name: 'Kitchen speaker',
          type: 'Speaker',
          volume: 40,
          supportsVolume: true,
        },
        {
          id: spotifyId(`device:${listenerId}:2`),
          name: 'Web Player (Chromium)',
          type: 'Computer',
          volume: 80,
          supportsVolume: true,
        },
      ],
      activeDeviceId: playing ? spotifyId(`device:${listenerId}:1`) : null,
      contextUri: null,
      list: playing ? list : [],
      index: 0,
      queue: [],
      isPlaying: false,
      positionMs: playing ? 42_000 : 0,
      since: now,
      repeat: 'off',
      shuffle: false,
    },
  };
}
