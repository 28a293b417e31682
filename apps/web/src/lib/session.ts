export const KEYS = {
  accessToken: 'spotify_access_token',
  refreshToken: 'spotify_refresh_token',
  expiry: 'spotify_token_expiry',
  userId: 'spotify_user_id',
  verifier: 'pkce_code_verifier',
  state: 'pkce_state',
} as const;

export function redirectUri(): string {
  return `${window.location.origin}/callback`;
}
