/**
 * Where shared code and features get the listener's Spotify token. The app wires the session in at
 * start-up (main.tsx), so features need not import the auth feature.
 */
export interface TokenSource {
  /** A valid access token (refreshed when it is about to expire), or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** After a 401: a fresh token (one refresh per rotation), or null when the listener is signed out. */
  refreshAfterUnauthorized: (staleToken: string | null) => Promise<string | null>;
}

let source: TokenSource | undefined;

export function provideTokenSource(next: TokenSource): void {
  source = next;
}

export function tokenSource(): TokenSource {
  if (!source) throw new Error('No token source: call provideTokenSource() at start-up');
  return source;
}
