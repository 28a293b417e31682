import type { AppConfigReply } from '@heavy-rotation/contracts';
import type { Env } from '../env.ts';

export type ConfigEnv = Pick<
  Env,
  | 'PRODUCT_NAME'
  | 'SPOTIFY_CLIENT_ID'
  | 'SPOTIFY_ACCOUNTS_URL'
  | 'SPOTIFY_API_URL'
  | 'PUBLIC_ANON_KEY'
  | 'LASTFM_API_KEY'
  | 'LASTFM_SHARED_SECRET'
  | 'LISTENBRAINZ_SETTINGS_URL'
>;

/**
 * What one build of the web app needs to run anywhere (docs/decisions/002-runtime-configuration.md), as
 * JSON. Built once: the configured origin only, never one read from a request's Host header (which any
 * client writes, and a cache in front could keep).
 */
export function renderAppConfig(env: ConfigEnv, backendUrl: string): string {
  return JSON.stringify({
    productName: env.PRODUCT_NAME,
    spotifyClientId: env.SPOTIFY_CLIENT_ID ?? '',
    spotifyAccountsUrl: env.SPOTIFY_ACCOUNTS_URL,
    spotifyApiUrl: env.SPOTIFY_API_URL,
    backendUrl,
    anonKey: env.PUBLIC_ANON_KEY,
    // Other sources: whether Last.fm sign-in is set up, and where ListenBrainz shows a user's token.
    lastfm: Boolean(env.LASTFM_API_KEY && env.LASTFM_SHARED_SECRET),
    listenbrainzSettingsUrl: env.LISTENBRAINZ_SETTINGS_URL,
  } satisfies AppConfigReply);
}

/**
 * The configuration as a JSON block before `</head>`: not a script (the CSP runs none inline), and with
 * `<` escaped so no value can close the element.
 */
export function withConfig(html: string, configJson: string): string {
  const block = `<script type="application/json" id="app-config">${configJson.replace(/</g, '\\u003c')}</script>`;
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}
