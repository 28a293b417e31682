import type { ListenerRecord } from '../data/types.ts';
import { images, links } from './common.ts';

export function publicUser(origin: string, listener: ListenerRecord) {
  return {
    display_name: listener.display_name,
    ...links(origin, 'user', listener.id),
    followers: { href: null, total: listener.top_artists.length * 3 },
    images: images(origin, 'user', listener.id),
  };
}

export function privateUser(origin: string, listener: ListenerRecord) {
  return {
    ...publicUser(origin, listener),
    country: 'SE',
    ...(listener.email ? { email: listener.email } : {}),
    explicit_content: { filter_enabled: false, filter_locked: false },
    product: 'premium',
  };
}

/** The owner of Spotify's own playlists. */
export function spotifyOwner(origin: string) {
  return { ...links(origin, 'user', 'spotify'), display_name: 'Spotify' };
}
