import type { Emulator } from '../context.ts';
import type { Album, Track } from '../data/catalogue.ts';
import { seeded } from '../data/ids.ts';
import type { ArtistRecord } from '../data/types.ts';
import { images, links, MARKETS, page } from './common.ts';

function artistImages(origin: string, artist: ArtistRecord) {
  return artist.image
    ? [{ url: artist.image, height: null, width: null }]
    : images(origin, 'artist', artist.id);
}

/** ArtistObject; development mode omits popularity, followers and genres as Spotify does. */
export function artistObject(emu: Emulator, origin: string, artist: ArtistRecord) {
  const base = {
    ...links(origin, 'artist', artist.id),
    images: artistImages(origin, artist),
    name: artist.name,
  };
  if (emu.mode === 'development') return base;
  const popularity = artist.popularity ?? 50;
  return {
    ...base,
    followers: { href: null, total: Math.floor(popularity ** 3 * (1 + seeded(`fol:${artist.id}`))) },
    genres: artist.genres ?? [],
    popularity,
  };
}

function simpleArtist(emu: Emulator, origin: string, id: string) {
  const artist = emu.cat.artists.get(id);
  return { ...links(origin, 'artist', id), name: artist?.name ?? '' };
}

export function simpleAlbum(emu: Emulator, origin: string, album: Album) {
  return {
    album_type: album.albumType,
    total_tracks: album.trackIds.length,
    available_markets: MARKETS,
    ...links(origin, 'album', album.id),
    images: images(origin, 'album', album.id),
    name: album.name,
    release_date: album.releaseDate,
    release_date_precision: album.precision,
    artists: album.artistIds.map((id) => simpleArtist(emu, origin, id)),
  };
}

export function simpleTrack(emu: Emulator, origin: string, track: Track) {
  return {
    artists: track.artistIds.map((id) => simpleArtist(emu, origin, id)),
    available_markets: MARKETS,
    disc_number: 1,
    duration_ms: track.durationMs,
    explicit: track.explicit,
    ...links(origin, 'track', track.id),
    is_playable: true,
    name: track.name,
    preview_url: null,
    track_number: track.trackNumber,
    is_local: false,
  };
}

export function trackObject(emu: Emulator, origin: string, track: Track) {
  const album = emu.cat.albums.get(track.albumId);
  return {
    ...simpleTrack(emu, origin, track),
    ...(album ? { album: simpleAlbum(emu, origin, album) } : {}),
    external_ids: { isrc: `QZ${track.id.slice(0, 10).toUpperCase()}` },
    popularity: track.popularity,
  };
}

export function albumObject(emu: Emulator, origin: string, album: Album) {
  const tracks = album.trackIds.flatMap((id) => emu.cat.tracks.get(id) ?? []);
  const year = album.releaseDate.slice(0, 4);
  const label = `${emu.cat.artists.get(album.artistIds[0] ?? '')?.name ?? 'Independent'} Records`;
  return {
    ...simpleAlbum(emu, origin, album),
    tracks: page(`${origin}/v1/albums/${album.id}/tracks`, tracks, 50, 0, (t) => simpleTrack(emu, origin, t)),
    copyrights: [
      { text: `© ${year} ${label}`, type: 'C' },
      { text: `℗ ${year} ${label}`, type: 'P' },
    ],
    external_ids: { upc: String(Math.floor(seeded(`upc:${album.id}`) * 1e12)).padStart(12, '0') },
    genres: [],
    label,
    popularity: album.popularity,
  };
}
