import type { Artist } from '@heavy-rotation/spotify';
import type { RankedArtist } from './ranking.ts';

/**
 * The export's artists in the shape the screens read. The export names no artist page, so the link is
 * Spotify's search for the name, which opens the artist in Spotify (docs/product.md, "The Spotify data
 * export"). Ids are stable across imports, so quiz progress survives importing a newer export.
 */
export function toArtists(ranked: readonly RankedArtist[]): Artist[] {
  return ranked.map((artist) => {
    const link = `https://open.spotify.com/search/${encodeURIComponent(artist.name)}`;
    return {
      id: `export:${artist.name.toLowerCase()}`,
      name: artist.name,
      type: 'artist',
      images: [],
      uri: '',
      href: link,
      external_urls: { spotify: link },
    };
  });
}
