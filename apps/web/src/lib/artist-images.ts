import { ARTIST_IMAGES_BATCH } from '@heavy-rotation/contracts/constants';
import type { Artist } from '@heavy-rotation/spotify';
import { callBackend } from './backend.ts';

const MBID_URI = 'musicbrainz:artist:';

/** An artist's MusicBrainz id, kept in `uri` for artists of sources other than Spotify. */
export function musicbrainzUri(mbid: string): string {
  return `${MBID_URI}${mbid}`;
}

function mbidOf(artist: Artist): string | undefined {
  return artist.uri.startsWith(MBID_URI) ? artist.uri.slice(MBID_URI.length) : undefined;
}

export interface FilledImages {
  artists: Artist[];
  /** Whether any image was added. */
  changed: boolean;
  /** Ids of artists the server has not finished looking for: worth asking about again later. */
  pending: string[];
}

/**
 * Asks our server for images of the artists that have none (docs/product.md, "Artist images"), in
 * batches, and returns the list with them filled in. `skip` holds ids whose search is over.
 */
export async function fillArtistImages(
  artists: Artist[],
  skip: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<FilledImages> {
  const missing = artists.filter((a) => a.images.length === 0 && !skip.has(a.id));
  const found = new Map<string, Artist['images']>();
  const pending: string[] = [];
  for (let i = 0; i < missing.length; i += ARTIST_IMAGES_BATCH) {
    const batch = missing.slice(i, i + ARTIST_IMAGES_BATCH);
    const reply = await callBackend('/api/artist-images', 'artistImagesReply', {
      body: {
        artists: batch.map((a) => {
          const mbid = mbidOf(a);
          return mbid ? { name: a.name, mbid } : { name: a.name };
        }),
      },
      signal,
    });
    batch.forEach((artist, index) => {
      const result = reply.images[index];
      if (result?.image) found.set(artist.id, [result.image]);
      else if (!result?.final) pending.push(artist.id);
    });
  }
  if (found.size === 0) return { artists, changed: false, pending };
  return {
    artists: artists.map((a) => {
      const images = found.get(a.id);
      return images ? { ...a, images } : a;
    }),
    changed: true,
    pending,
  };
}
