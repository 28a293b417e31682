import type { Artist } from '@heavy-rotation/spotify';
import { imageUrl } from '../../lib/artist-image.ts';

/** The list as a challenge link keeps it: ids, names and a picture of each, best rank first. */
export function challengeList(artists: readonly Artist[]) {
  return artists.map((a) => ({ id: a.id, name: a.name, image: imageUrl(a.images, 300) ?? null }));
}
