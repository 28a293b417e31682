import { SpotifyAuthError } from '../errors.ts';
import { codeChallengeS256, createCodeVerifier, createState } from './pkce.ts';

export interface AuthorizeUrlOptions {
  clientId: string;
  redirectUri: string;
  scope: string[];
  /** Accounts service base, e.g. `https://accounts.spotify.com`. */
  accountsUrl?: string;
}

export interface AuthorizeRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

export interface TokenSet {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

const ACCOUNTS = 'https://accounts.spotify.com';

/** Builds the authorization-code-with-PKCE URL (Authorization Code with PKCE Flow), with a fresh state and code verifier. */
export async function createAuthorizeUrl(options: AuthorizeUrlOptions): Promise<AuthorizeRequest> {
  const state = createState();
  const codeVerifier = createCodeVerifier();
  const url = new URL(`${(options.accountsUrl ?? ACCOUNTS).replace(/\/$/, '')}/authorize`);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: options.scope.join(' '),
    code_challenge_method: 'S256',
    code_challenge: await codeChallengeS256(codeVerifier),
    state,
  }).toString();
  return { url: url.toString(), state, codeVerifier };
}

export interface TokenCallOptions {
  clientId: string;
  accountsUrl?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response> | Response;
  signal?: AbortSignal;
}

async function tokenCall(options: TokenCallOptions, params: Record<string, string>): Promise<TokenSet> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const res = await doFetch(`${(options.accountsUrl ?? ACCOUNTS).replace(/\/$/, '')}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: options.clientId, ...params }).toString(),
    signal: options.signal,
  });
  // Cast: every field read below is checked with typeof before it is trusted.
  const body = (await res.json().catch(() => ({}))) as Partial<TokenSet> & {
    error?: string;
    error_description?: string;
  };
  if (!res.ok || typeof body.access_token !== 'string') {
    throw new SpotifyAuthError(
      res.status,
      typeof body.error === 'string' ? body.error : 'invalid_response',
      typeof body.error_description === 'string' ? body.error_description : '',
      '/api/token',
      body,
    );
  }
  // Cast: access_token is checked above; Spotify's token answer carries the rest of TokenSet with it.
  return body as TokenSet;
}

/** Request an access token: exchanges an authorization code and its PKCE verifier for tokens. */
export function exchangeCode(
  options: TokenCallOptions & { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenSet> {
  return tokenCall(options, {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    code_verifier: options.codeVerifier,
  });
}

/** Refreshing tokens: gets a new access token; keeps the old refresh token when the answer has none. */
export async function refreshAccessToken(
  options: TokenCallOptions & { refreshToken: string },
): Promise<TokenSet & { refresh_token: string }> {
  const tokens = await tokenCall(options, {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
  });
  return { ...tokens, refresh_token: tokens.refresh_token ?? options.refreshToken };
}
