import { readString } from './storage.ts';

/** Storage keys of docs/product.md, "Sign-in and what the browser keeps". */
export const KEYS = {
  accessToken: 'spotify_access_token',
  refreshToken: 'spotify_refresh_token',
  expiry: 'spotify_token_expiry',
  userId: 'spotify_user_id',
  userEmail: 'spotify_user_email',
  userDisplayName: 'spotify_user_display_name',
  verifier: 'pkce_code_verifier',
  state: 'pkce_state',
  welcomeShown: 'welcome_shown',
  welcomeCache: 'welcome_message_cache',
  revealed: 'revealed-artists',
  quizMessages: 'quiz-messages',
  smsGateSkippedAt: 'sms_gate_skipped_at',
  sourceSession: 'source_session',
  exportListener: 'spotify_export',
  chartHistory: 'chart-history',
} as const;

/** Everything that identifies the signed-in listener (cleared on sign-out). */
export const SIGN_IN_KEYS = [
  KEYS.accessToken,
  KEYS.refreshToken,
  KEYS.expiry,
  KEYS.userId,
  KEYS.userEmail,
  KEYS.userDisplayName,
  KEYS.verifier,
  KEYS.state,
] as const;

/** The persisted top-artists cache key, `{product}::artists`. */
export function artistsCacheKey(productName: string): string {
  return `${productName}::artists`;
}

/** The cached provider link of an artist. */
export function spotifyUrlKey(artistId: string): string {
  return `spotify_url_${artistId}`;
}

export function redirectUri(): string {
  return `${window.location.origin}/callback`;
}

export interface StoredUser {
  id: string;
  email: string | null;
  displayName: string | null;
}

export function readStoredUser(): StoredUser | null {
  const id = readString(KEYS.userId);
  if (!id) return null;
  return { id, email: readString(KEYS.userEmail), displayName: readString(KEYS.userDisplayName) };
}
