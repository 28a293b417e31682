export interface Image {
  url: string;
  height: number | null;
  width: number | null;
}

export interface Artist {
  id: string;
  name: string;
  images: Image[];
  uri: string;
  href: string;
  type: 'artist';
  external_urls: { spotify: string };
  genres?: string[];
  popularity?: number;
  followers?: { href: string | null; total: number };
}

export interface Paging<T> {
  href: string;
  items: T[];
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
}

export interface CurrentUser {
  id: string;
  display_name: string | null;
  email?: string;
  uri: string;
  href: string;
  type: 'user';
  images: Image[];
  external_urls: { spotify: string };
}

export type TimeRange = 'short_term' | 'medium_term' | 'long_term';
