import { type AppConfig, validateConfig } from './validate-config.ts';

export type { AppConfig } from './validate-config.ts';

let loaded: Promise<AppConfig> | undefined;
let current: AppConfig | undefined;

/** The runtime configuration served by the server at /app-config.json, fetched and validated once. */
export function loadConfig(): Promise<AppConfig> {
  loaded ??= fetch('/app-config.json')
    .then(async (res) => {
      if (!res.ok)
        throw new Error(`Environment configuration error: /app-config.json answered ${res.status}`);
      const body: unknown = await res.json().catch(() => null);
      current = validateConfig(body);
      return current;
    })
    .catch((error: unknown) => {
      // A later attempt (e.g. 'Try again') fetches again instead of reusing the failure.
      loaded = undefined;
      throw error;
    });
  return loaded;
}

/** The configuration once loadConfig() has resolved (the root route loads it before any screen). */
export function loadedConfig(): AppConfig | undefined {
  return current;
}
