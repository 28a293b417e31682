import type { TokenSet } from '@heavy-rotation/spotify';
import { clearArtistCaches } from './artists-cache.ts';
import { KEYS, SIGN_IN_KEYS } from './session.ts';
import { readString, removeKey, writeString } from './storage.ts';

/** Refresh when this little time (or less) remains. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch ms; 0 when unknown. */
  expiresAt: number;
}

export function readTokens(): StoredTokens {
  const expiry = Number(readString(KEYS.expiry));
  return {
    accessToken: readString(KEYS.accessToken) || null,
    refreshToken: readString(KEYS.refreshToken) || null,
    expiresAt: Number.isFinite(expiry) ? expiry : 0,
  };
}

/**
 * Until when the stored session counts as fresh (the token is refreshed after), or null without a token.
 * Read through lib/listener.ts, "who is listening".
 */
export function freshSessionUntil(): number | null {
  const stored = readTokens();
  return stored.accessToken === null ? null : stored.expiresAt - REFRESH_MARGIN_MS;
}

export function expiresSoon(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt - now <= REFRESH_MARGIN_MS;
}

export function storeTokens(tokens: TokenSet, now = Date.now()): void {
  writeString(KEYS.accessToken, tokens.access_token);
  if (tokens.refresh_token) writeString(KEYS.refreshToken, tokens.refresh_token);
  writeString(KEYS.expiry, String(now + tokens.expires_in * 1000));
}

export function writeStoredTokens(tokens: StoredTokens): void {
  if (tokens.accessToken) writeString(KEYS.accessToken, tokens.accessToken);
  if (tokens.refreshToken) writeString(KEYS.refreshToken, tokens.refreshToken);
  writeString(KEYS.expiry, String(tokens.expiresAt));
}

/** docs/product.md, "Sign-in and what the browser keeps": sign-in data, the artist caches and the welcome cache go. */
export function clearSignInData(): void {
  for (const key of SIGN_IN_KEYS) removeKey(key);
  removeKey(KEYS.welcomeCache);
  clearArtistCaches();
}
