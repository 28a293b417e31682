import type { ListedArtist } from '../../lib/plays.ts';
import type { ExportKind } from './export-kinds.ts';
import type { RankedArtist } from './ranking.ts';

/** Each service's search for an artist's name: the exports hold no artist ids. */
const SEARCH: Record<ExportKind, (name: string) => string> = {
  spotify: (name) => `https://open.spotify.com/search/${encodeURIComponent(name)}`,
  apple: (name) => `https://music.apple.com/search?term=${encodeURIComponent(name)}`,
  youtube: (name) => `https://music.youtube.com/search?q=${encodeURIComponent(name)}`,
};

/**
 * The export's artists in the shape the screens read, with the plays the ranking counted. The link is
 * the service's search for the name, which opens the artist there (docs/product.md, "The data
 * exports"). Ids are stable across imports, so quiz progress survives importing a newer export.
 */
export function toArtists(ranked: readonly RankedArtist[], kind: ExportKind): ListedArtist[] {
  return ranked.map((artist) => {
    const link = SEARCH[kind](artist.name);
    return {
      id: `export:${artist.name.toLowerCase()}`,
      name: artist.name,
      type: 'artist',
      images: [],
      uri: '',
      href: link,
      external_urls: kind === 'spotify' ? { spotify: link } : {},
      ...(artist.plays > 0 ? { plays: { count: artist.plays, period: 'last-4-weeks' as const } } : {}),
    };
  });
}
