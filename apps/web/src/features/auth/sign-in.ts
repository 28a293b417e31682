import { createClient, exchangeCode, getCurrentUserProfile, SpotifyApiError } from '@heavy-rotation/spotify';
import { loadConfig } from '../../config/app-config.ts';
import { t } from '../../i18n/i18n.ts';
import { KEYS, redirectUri } from '../../lib/session.ts';
import { markSignedIn } from '../../lib/spotify-session.ts';
import { storeTokens } from '../../lib/spotify-tokens.ts';
import { readString, removeKey, writeString } from '../../lib/storage.ts';

// The callback screen shows these as they are, in the listener's language.
const connectError = () => new Error(t('shell.signIn.connectError'));
const cancelledError = () => new Error(t('shell.signIn.cancelled'));

export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
}

// Codes are single-use: StrictMode's second effect run must share the first exchange.
const exchanges = new Map<string, Promise<void>>();

async function storeProfile(accessToken: string, apiUrl: string): Promise<void> {
  try {
    const client = createClient({ baseUrl: apiUrl, getAccessToken: () => accessToken });
    const user = await getCurrentUserProfile(client);
    if (typeof user.id !== 'string') throw new Error('Failed to fetch Spotify user: invalid reply');
    writeString(KEYS.userId, user.id);
    if (typeof user.email === 'string') writeString(KEYS.userEmail, user.email);
    if (typeof user.display_name === 'string') writeString(KEYS.userDisplayName, user.display_name);
  } catch (error) {
    // docs/product.md, "Sign-in and what the browser keeps": a profile failure is only logged; the listener is signed in anyway.
    const status = error instanceof SpotifyApiError ? error.status : 0;
    console.warn(`Failed to fetch Spotify user: ${status}`);
  }
}

export interface SignInHooks {
  /** Called as soon as the tokens are stored, while the profile is still being read. */
  onTokens?: () => void;
}

async function exchange(code: string, verifier: string, hooks: SignInHooks): Promise<void> {
  const config = await loadConfig();
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode({
      clientId: config.spotifyClientId,
      accountsUrl: config.spotifyAccountsUrl,
      code,
      codeVerifier: verifier,
      redirectUri: redirectUri(),
    });
  } catch {
    throw new Error(t('shell.signIn.exchangeFailed'));
  }
  storeTokens(tokens);
  removeKey(KEYS.verifier);
  removeKey(KEYS.state);
  removeKey(KEYS.welcomeCache);
  markSignedIn();
  // The list can be asked for now, alongside the profile, not after it.
  hooks.onTokens?.();
  await storeProfile(tokens.access_token, config.spotifyApiUrl);
}

/**
 * Finishes sign-in on /callback: checks code and state against the stored PKCE values, exchanges the
 * code, stores the tokens and the profile. Throws with the text the callback screen shows.
 */
export function completeSignIn(params: CallbackParams, hooks: SignInHooks = {}): Promise<void> {
  if (params.error) {
    return Promise.reject(params.error === 'access_denied' ? cancelledError() : connectError());
  }
  const pending = params.code ? exchanges.get(params.code) : undefined;
  if (pending) return pending;
  const storedState = readString(KEYS.state);
  if (!params.code || !storedState || params.state !== storedState) return Promise.reject(connectError());
  const verifier = readString(KEYS.verifier);
  if (!verifier) return Promise.reject(new Error(t('shell.signIn.noVerifier')));
  const run = exchange(params.code, verifier, hooks);
  exchanges.set(params.code, run);
  return run;
}
