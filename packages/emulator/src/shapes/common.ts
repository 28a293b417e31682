import { IMAGE_SIZES } from '../images/art.ts';

export interface ImageObject {
  url: string;
  height: number | null;
  width: number | null;
}

/** Generated artwork in Spotify's three sizes, largest first. */
export function images(origin: string, kind: string, id: string): ImageObject[] {
  return IMAGE_SIZES.map((size) => ({
    url: `${origin}/images/${kind}/${id}/${size}.png`,
    height: size,
    width: size,
  }));
}

export function links(origin: string, type: string, id: string) {
  const path = type === 'user' ? 'users' : `${type}s`;
  return {
    external_urls: { spotify: `https://open.spotify.com/${type}/${id}` },
    href: `${origin}/v1/${path}/${id}`,
    id,
    type,
    uri: `spotify:${type}:${id}`,
  };
}

export interface Page<T> {
  href: string;
  items: T[];
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
}

/** One page of `all` in Spotify's paging object, with next/previous links on the request URL. */
export function page<T, R>(
  url: string,
  all: T[],
  limit: number,
  offset: number,
  map: (item: T) => R,
): Page<R> {
  const at = (o: number) => {
    const u = new URL(url);
    u.searchParams.set('offset', String(o));
    u.searchParams.set('limit', String(limit));
    return u.toString();
  };
  return {
    href: at(offset),
    items: all.slice(offset, offset + limit).map(map),
    limit,
    next: offset + limit < all.length ? at(offset + limit) : null,
    offset,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    total: all.length,
  };
}

export const MARKETS = ['DE', 'FR', 'GB', 'JP', 'MX', 'NL', 'SE', 'US'];
