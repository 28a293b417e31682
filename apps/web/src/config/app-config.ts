export interface AppConfig {
  productName: string;
  spotifyClientId: string;
  spotifyAccountsUrl: string;
  spotifyApiUrl: string;
  backendUrl: string;
  anonKey: string;
}

let loaded: Promise<AppConfig> | undefined;

/** The runtime configuration served by the server at /app-config.json, fetched once. */
export function loadConfig(): Promise<AppConfig> {
  loaded ??= fetch('/app-config.json').then(async (res) => {
    if (!res.ok) throw new Error('Environment configuration error: /app-config.json unavailable');
    return (await res.json()) as AppConfig;
  });
  return loaded;
}
