/**
 * Failures the screens tell apart by class, never by their words (the words are the product's texts and
 * may change). Backend failures are `BackendError` (lib/backend.ts), Spotify's are `SpotifyApiError`,
 * a broken configuration is `ConfigError` (config/validate-config.ts).
 */

/** There is no access token: the listener has to sign in (again). */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
}
