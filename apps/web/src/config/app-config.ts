import { type AppConfig, ConfigError, validateConfig } from './validate-config.ts';

export type { AppConfig } from './validate-config.ts';

let loaded: Promise<AppConfig> | undefined;
let current: AppConfig | undefined;

// Asked for while this module evaluates, before React renders, so the first screen does not wait for
// the render and an effect to start the request. Taken by the first loadConfig() call only.
// Unit tests have no server to ask.
let early: Promise<Response> | undefined =
  typeof window !== 'undefined' && import.meta.env.MODE !== 'test' ? fetch('/app-config.json') : undefined;
// Handled here so a page that never asks for it reports no unhandled rejection; loadConfig still sees it.
early?.catch(() => undefined);

/** The runtime configuration served by the server at /app-config.json, fetched and validated once. */
export function loadConfig(): Promise<AppConfig> {
  if (loaded) return loaded;
  const response = early ?? fetch('/app-config.json');
  early = undefined;
  loaded = response
    .then(async (res) => {
      if (!res.ok) throw new ConfigError(`/app-config.json answered ${res.status}`);
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
