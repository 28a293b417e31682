import type { AppConfigReply } from '@heavy-rotation/contracts';

export type AppConfig = AppConfigReply;

export const DEFAULT_PRODUCT_NAME = 'Heavy Rotation';

/** The configuration is missing or wrong: the 'Configuration Error' screen, whatever the words. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(details: string) {
    super(`Environment configuration error: ${details}`);
  }
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks /app-config.json with the rules of docs/product.md, "Configuration". Throws 'Environment configuration error: …'
 * listing every problem, which the error screens show as 'Configuration Error'.
 */
export function validateConfig(raw: unknown): AppConfig {
  const input: Record<string, unknown> =
    typeof raw === 'object' && raw !== null ? Object.fromEntries(Object.entries(raw)) : {};
  const problems: string[] = [];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const clientId = text(input.spotifyClientId);
  if (clientId.length < 1) problems.push('Spotify Client ID is required');
  const backendUrl = text(input.backendUrl);
  if (!isUrl(backendUrl)) problems.push('Supabase URL must be a valid URL');
  const anonKey = text(input.anonKey);
  if (anonKey.length < 20) problems.push('Supabase anonymous key must be at least 20 characters');
  const spotifyAccountsUrl = text(input.spotifyAccountsUrl);
  if (!isUrl(spotifyAccountsUrl)) problems.push('Spotify accounts URL must be a valid URL');
  const spotifyApiUrl = text(input.spotifyApiUrl);
  if (!isUrl(spotifyApiUrl)) problems.push('Spotify API URL must be a valid URL');
  if (problems.length > 0) throw new ConfigError(problems.join('; '));
  const productName =
    typeof input.productName === 'string' && input.productName.trim()
      ? input.productName.trim()
      : DEFAULT_PRODUCT_NAME;
  return {
    productName,
    spotifyClientId: clientId,
    spotifyAccountsUrl,
    spotifyApiUrl,
    backendUrl,
    anonKey,
    lastfm: input.lastfm === true,
    listenbrainzSettingsUrl: isUrl(input.listenbrainzSettingsUrl)
      ? input.listenbrainzSettingsUrl
      : 'https://listenbrainz.org/settings/',
  };
}

export function isConfigurationError(error: unknown): boolean {
  return error instanceof ConfigError;
}
