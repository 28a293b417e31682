import type { ClientRecord } from '../data/types.ts';

export const DEMO_CLIENT_ID = 'heavy-rotation-demo';

/** The built-in demo client: loopback callbacks on any port. */
export const DEMO_CLIENT: ClientRecord = {
  id: DEMO_CLIENT_ID,
  redirect_uris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
};

export const SCOPES = new Set([
  'ugc-image-upload',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'app-remote-control',
  'streaming',
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-private',
  'playlist-modify-public',
  'user-follow-modify',
  'user-follow-read',
  'user-read-playback-position',
  'user-top-read',
  'user-read-recently-played',
  'user-library-modify',
  'user-library-read',
  'user-read-email',
  'user-read-private',
  'user-personalized',
]);

export const ALL_SCOPES = [...SCOPES].join(' ');

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

/**
 * Spotify's redirect rules: exact match with a registered URI, except that a loopback URI may use
 * any port; `localhost` and plain http on anything but loopback are refused.
 */
export function redirectAllowed(client: ClientRecord, redirectUri: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.hostname === 'localhost' || url.hash || url.username || url.password) return false;
  if (url.protocol === 'http:' && !isLoopback(url)) return false;
  return client.redirect_uris.some((registered) => {
    if (registered === redirectUri) return true;
    const reg = new URL(registered);
    return (
      isLoopback(url) &&
      reg.protocol === url.protocol &&
      reg.hostname === url.hostname &&
      reg.pathname === url.pathname &&
      reg.search === url.search
    );
  });
}
