import { createAuthorizeUrl } from '@heavy-rotation/spotify';
import { loadConfig } from '../../config/app-config.ts';
import { KEYS, redirectUri } from '../../lib/session.ts';
import { writeString } from '../../lib/storage.ts';

/** Builds the PKCE sign-in address and keeps its verifier and state for the callback. */
export async function createLoginUrl(): Promise<string> {
  const config = await loadConfig();
  const request = await createAuthorizeUrl({
    clientId: config.spotifyClientId,
    accountsUrl: config.spotifyAccountsUrl,
    redirectUri: redirectUri(),
    scope: ['user-top-read'],
  });
  writeString(KEYS.verifier, request.codeVerifier);
  writeString(KEYS.state, request.state);
  return request.url;
}
