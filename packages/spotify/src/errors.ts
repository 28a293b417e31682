/** An error answer of the Spotify Web API, with everything a caller needs to react to it. */
export class SpotifyApiError extends Error {
  override readonly name = 'SpotifyApiError';
  constructor(
    readonly status: number,
    readonly providerMessage: string,
    readonly method: string,
    readonly path: string,
    readonly body: unknown,
    readonly retryAfter?: number,
    readonly reason?: string,
  ) {
    super(`Spotify API Error (${status}): ${providerMessage}`);
  }
}

/** An OAuth error of the accounts service (`invalid_grant`, `invalid_client`, ...). */
export class SpotifyAuthError extends Error {
  override readonly name = 'SpotifyAuthError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`Spotify API Error (${status}): ${description || error}`);
  }
}
