export type { AuthorizeRequest, AuthorizeUrlOptions, TokenSet } from './auth/oauth.ts';
export { createAuthorizeUrl, exchangeCode, refreshAccessToken } from './auth/oauth.ts';
export { codeChallengeS256, createCodeVerifier, createState } from './auth/pkce.ts';
export type { ClientOptions, RequestOptions, SpotifyClient } from './client.ts';
export { createClient } from './client.ts';
export { SpotifyApiError, SpotifyAuthError } from './errors.ts';
export { getArtist } from './resources/artists.ts';
export { getCurrentUserProfile, getMyTopArtists } from './resources/users.ts';
export type * from './types.ts';
