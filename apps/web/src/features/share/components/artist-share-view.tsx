import type { Artist } from '@heavy-rotation/spotify';

export interface ArtistShareViewProps {
  artist: Artist;
  /** 1-based rank. */
  rank: number;
  message: string | undefined;
  onClose: () => void;
}

/** Full-screen artist detail and share view. */
export function ArtistShareView({ artist, rank, message, onClose }: ArtistShareViewProps) {
  return (
    <div role="dialog" aria-modal="true" aria-label={artist.name}>
      <h2>{artist.name}</h2>
      <p>My #{rank} Artist</p>
      <p>{message}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
