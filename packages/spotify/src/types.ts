// Public types, derived from the generated definition. The definition marks almost every field
// optional; the fields Spotify always sends are made required here so callers need no guards.
import type { components } from './generated/spotify-api.ts';

type S = components['schemas'];
type Required_<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };
type Entity = 'id' | 'uri' | 'href' | 'external_urls';

export type { components, operations, paths } from './generated/spotify-api.ts';
export type Image = S['ImageObject'];
export type Artist = Required_<S['ArtistObject'], Entity | 'name' | 'type' | 'images'>;
export type SimplifiedArtist = Required_<S['SimplifiedArtistObject'], Entity | 'name' | 'type'>;
export type Album = Required_<S['AlbumObject'], Entity | 'name' | 'type' | 'images'>;
export type SimplifiedAlbum = Required_<S['SimplifiedAlbumObject'], Entity | 'name' | 'type' | 'images'>;
export type Track = Required_<S['TrackObject'], Entity | 'name' | 'type' | 'artists' | 'duration_ms'>;
export type SimplifiedTrack = Required_<S['SimplifiedTrackObject'], Entity | 'name' | 'type' | 'duration_ms'>;
export type Playlist = Required_<S['PlaylistObject'], Entity | 'name' | 'type' | 'snapshot_id'>;
export type SimplifiedPlaylist = Required_<S['SimplifiedPlaylistObject'], Entity | 'name' | 'type'>;
export type PlaylistItem = S['PlaylistTrackObject'];
export type Show = S['ShowObject'];
export type SimplifiedShow = S['SimplifiedShowObject'];
export type Episode = S['EpisodeObject'];
export type SimplifiedEpisode = S['SimplifiedEpisodeObject'];
export type Category = S['CategoryObject'];
export type Device = S['DeviceObject'];
export type PlaybackState = S['CurrentlyPlayingContextObject'];
export type CurrentlyPlaying = S['CurrentlyPlayingObject'];
export type Queue = S['QueueObject'];
export type PlayHistory = S['PlayHistoryObject'];
export type AudioFeatures = S['AudioFeaturesObject'];
export type AudioAnalysis = S['AudioAnalysisObject'];
export type Recommendations = S['RecommendationsObject'];
export type SavedTrack = S['SavedTrackObject'];
export type SavedAlbum = S['SavedAlbumObject'];
export type SavedShow = S['SavedShowObject'];
export type SavedEpisode = S['SavedEpisodeObject'];
export type PublicUser = Required_<S['PublicUserObject'], Entity | 'type'>;
export type CurrentUser = Required_<S['PrivateUserObject'], Entity | 'type' | 'images'> & {
  display_name: string | null;
};

/** An offset-paged list. */
export type Paging<T> = S['PagingObject'] & { items: T[] };
/** A cursor-paged list (followed artists, recently played). */
export type CursorPaging<T> = Omit<S['CursorPagingObject'], 'next'> & { items: T[]; next: string | null };

export type TimeRange = 'short_term' | 'medium_term' | 'long_term';
export type Market = string;
/** `{ limit, offset }` of offset-paged reads. */
export interface PageQuery {
  limit?: number;
  offset?: number;
}
export interface MarketQuery {
  market?: Market;
}
export type SearchType = 'album' | 'artist' | 'playlist' | 'track' | 'show' | 'episode' | 'audiobook';
/** The `snapshot_id` a playlist change answers with. */
export interface PlaylistSnapshot {
  snapshot_id: string;
}
