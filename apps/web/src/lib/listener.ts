import { type ExportListener, readExportListener } from './export-listener.ts';
import { readSourceSession, type SourceSession } from './source-session.ts';
import { getAccessToken, refreshAfterUnauthorized } from './spotify-session.ts';
import { freshSessionUntil } from './spotify-tokens.ts';

/**
 * Who the listener is (docs/product.md, "Sign-in and what the browser keeps"): a Spotify sign-in
 * (the token stays in the browser), a Last.fm or ListenBrainz sign-in (our server's cookie), a guest who
 * brought a data export (the server does not know them), or nobody.
 */
export type Listener =
  | {
      kind: 'spotify';
      /** Until when the stored token counts as fresh: no check is needed to show a screen before. */
      freshUntil: number;
      /** A valid access token (refreshed when it is about to expire), or null once signed out. */
      token: () => Promise<string | null>;
      /** After a 401 with `stale`: one refresh shared by every caller and tab, or null once signed out. */
      tokenAfterUnauthorized: (stale: string | null) => Promise<string | null>;
    }
  | { kind: 'source'; session: SourceSession }
  | { kind: 'export'; guest: ExportListener }
  | { kind: 'nobody' };

const SPOTIFY = { token: getAccessToken, tokenAfterUnauthorized: refreshAfterUnauthorized } as const;

/**
 * The one answer to "who is listening" (docs/architecture.md, "The web app's listener and server
 * state"), asked by every guard, fetcher and the boot. Read from storage
 * each time, so a sign-in or sign-out in another tab counts at once. An export's list, then a source's
 * sign-in, then a Spotify token: the order the list is fetched in.
 */
export function currentListener(): Listener {
  const guest = readExportListener();
  if (guest) return { kind: 'export', guest };
  const session = readSourceSession();
  if (session) return { kind: 'source', session };
  const freshUntil = freshSessionUntil();
  if (freshUntil !== null) return { kind: 'spotify', freshUntil, ...SPOTIFY };
  return { kind: 'nobody' };
}

/** The Spotify token a user-scoped call of our server carries: null for every other listener. */
export async function spotifyTokenOf(listener: Listener): Promise<string | null> {
  return listener.kind === 'spotify' ? listener.token().catch(() => null) : null;
}
