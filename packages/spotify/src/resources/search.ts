import type { CallOptions, SpotifyClient } from '../client.ts';
import type {
  Artist,
  MarketQuery,
  PageQuery,
  Paging,
  SearchType,
  SimplifiedAlbum,
  SimplifiedEpisode,
  SimplifiedPlaylist,
  SimplifiedShow,
  Track,
} from '../types.ts';

export interface SearchQuery extends MarketQuery, PageQuery {
  q: string;
  /** One kind or several; sent as a comma list. */
  type: SearchType | readonly SearchType[];
  include_external?: 'audio';
}

export interface SearchResults {
  albums?: Paging<SimplifiedAlbum>;
  artists?: Paging<Artist>;
  tracks?: Paging<Track>;
  playlists?: Paging<SimplifiedPlaylist | null>;
  shows?: Paging<SimplifiedShow>;
  episodes?: Paging<SimplifiedEpisode>;
}

/** Search for Item. */
export function search(
  client: SpotifyClient,
  query: SearchQuery,
  options?: CallOptions,
): Promise<SearchResults> {
  return client.request('GET', '/search', { query: { ...query, type: String(query.type) }, ...options });
}
