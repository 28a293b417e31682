import { refreshAccessToken, SpotifyAuthError } from '@heavy-rotation/spotify';
import { loadConfig } from '../config/app-config.ts';
import { KEYS } from './session.ts';
import { clearSignInData, expiresSoon, readTokens, storeTokens } from './spotify-tokens.ts';
import { storageAvailable } from './storage.ts';
import { announceTokens, forgetAnnouncement, HANDOVER_MS, latestTokens } from './tab-handover.ts';

const LOCK_NAME = 'heavy-rotation:token-refresh';
type SignedOutListener = () => void;
const listeners = new Set<SignedOutListener>();
let signedOutAnnounced = false;
let inFlight: Promise<string | null> | null = null;

/** Tells the app the listener was signed out (once per sign-out, so no redirect loops). */
function announceSignedOut(): void {
  if (signedOutAnnounced) return;
  signedOutAnnounced = true;
  for (const listener of listeners) listener();
}

export function onSignedOut(listener: SignedOutListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after a fresh sign-in so a later sign-out is announced again. */
export function markSignedIn(): void {
  signedOutAnnounced = false;
}

/** False when the browser keeps nothing: the session then lives only as long as this tab. */
export function sessionPersists(): boolean {
  return storageAvailable();
}

/** Another tab signed out (or reset): follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === null || event.key === KEYS.accessToken) && !readTokens().accessToken)
      announceSignedOut();
  });
}

/** What a turn in the lock gave, and whether it used the refresh token (then the lock is held a while). */
interface LockTurn {
  token: string | null;
  refreshed: boolean;
}

function withTabLock(run: () => Promise<LockTurn>): Promise<string | null> {
  // Web Locks make every tab of this origin take turns, so one refresh token is used exactly once.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    const locks = navigator.locks;
    return new Promise((resolve, reject) => {
      locks
        .request(LOCK_NAME, async () => {
          const turn = await run();
          // This tab goes on at once; the next tab in line waits for the new tokens to reach it.
          resolve(turn.token);
          if (turn.refreshed) await new Promise((r) => setTimeout(r, HANDOVER_MS));
        })
        .catch(reject);
    });
  }
  return run().then((turn) => turn.token);
}

function isRejection(error: unknown): boolean {
  return error instanceof SpotifyAuthError && error.status >= 400 && error.status < 500;
}

/**
 * The token refresh is tried again 3 times, 500, 1000 and 2000 ms apart (docs/product.md, "Loading the
 * list"), unless refused. It is the sign-in's, not a screen's: one refresh inside the tabs' lock serves
 * every caller, so its retries stay here rather than in useServerQuery.
 */
async function refreshWithRetry(run: () => ReturnType<typeof refreshAccessToken>) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || isRejection(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

async function refreshInLock(staleToken: string | null): Promise<LockTurn> {
  // Re-read inside the lock: another tab may have rotated the tokens while we waited.
  const stored = latestTokens();
  const refreshToken = stored.refreshToken;
  if (!refreshToken) {
    if (stored.accessToken) clearSignInData();
    announceSignedOut();
    return { token: null, refreshed: false };
  }
  if (stored.accessToken && stored.accessToken !== staleToken && !expiresSoon(stored))
    return { token: stored.accessToken, refreshed: false };
  const config = await loadConfig();
  try {
    const tokens = await refreshWithRetry(() =>
      refreshAccessToken({
        clientId: config.spotifyClientId,
        accountsUrl: config.spotifyAccountsUrl,
        refreshToken,
      }),
    );
    storeTokens(tokens);
    announceTokens(readTokens());
    return { token: tokens.access_token, refreshed: true };
  } catch (error) {
    if (isRejection(error)) {
      // invalid_grant and friends: this sign-in is over.
      console.warn('Failed to refresh token');
      forgetAnnouncement();
      clearSignInData();
      announceSignedOut();
      return { token: null, refreshed: false };
    }
    // Network or provider trouble: keep the sign-in; an unexpired token still works.
    console.warn('Failed to refresh token');
    const token = stored.accessToken && stored.expiresAt > Date.now() ? stored.accessToken : null;
    return { token, refreshed: false };
  }
}

function refreshOnce(staleToken: string | null): Promise<string | null> {
  inFlight ??= withTabLock(() => refreshInLock(staleToken)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A valid access token, refreshed when 2 minutes or less remain; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  if (inFlight) return inFlight;
  const stored = latestTokens();
  if (!stored.accessToken) return null;
  if (!expiresSoon(stored)) return stored.accessToken;
  return refreshOnce(stored.accessToken);
}

/** After a 401 with `staleToken`: one refresh (shared by every caller and tab), or null when signed out. */
export function refreshAfterUnauthorized(staleToken: string | null): Promise<string | null> {
  return refreshOnce(staleToken);
}

/** Ends the session locally and tells the app (sign-in data, artist and welcome caches cleared). */
export function endSession(): void {
  forgetAnnouncement();
  clearSignInData();
  announceSignedOut();
}
