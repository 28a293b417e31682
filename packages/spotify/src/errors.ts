/**
 * An error answer of the Spotify Web API. `message` is the text the product shows,
 * `Spotify API Error ({status}): {providerMessage}`, and `toString()` returns the same text;
 * `providerMessage` is the provider's own `error.message` (or `error_description`).
 */
export class SpotifyApiError extends Error {
  override readonly name: string = 'SpotifyApiError';
  constructor(
    readonly status: number,
    readonly providerMessage: string,
    readonly method: string,
    readonly path: string,
    readonly body: unknown,
    /** Seconds the provider asked to wait (429), when it said. */
    readonly retryAfter?: number,
    /** The player's reason code, e.g. `NO_ACTIVE_DEVICE` or `PREMIUM_REQUIRED`. */
    readonly reason?: string,
  ) {
    super(`Spotify API Error (${status}): ${providerMessage}`);
  }

  override toString(): string {
    return this.message;
  }
}

/** An OAuth error of the accounts service (`invalid_grant`, `invalid_client`, ...). */
export class SpotifyAuthError extends SpotifyApiError {
  override readonly name: string = 'SpotifyAuthError';
  constructor(
    status: number,
    /** The OAuth error code, e.g. `invalid_grant`. */
    readonly error: string,
    /** The provider's `error_description`, or '' when it gave none. */
    readonly description: string,
    path = '/api/token',
    body?: unknown,
  ) {
    super(status, description || error, 'POST', path, body);
  }
}
