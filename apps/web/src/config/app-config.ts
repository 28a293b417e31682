import { type AppConfig, ConfigError, validateConfig } from './validate-config.ts';

export type { AppConfig } from './validate-config.ts';

let loaded: Promise<AppConfig> | undefined;
let current: AppConfig | undefined;

/**
 * The configuration the server wrote into the page (docs/architecture.md, "The first frame"): a JSON
 * block, not a script, so the first screen needs no request. A page without one (the service worker's
 * copy of the shell, a static host) asks /app-config.json.
 */
function inlined(): AppConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    return validateConfig(JSON.parse(text));
  } catch (error) {
    console.warn('The configuration in the page is not usable; asking the server', error);
    return undefined;
  }
}

current = inlined();
if (current) loaded = Promise.resolve(current);

// Asked for while this module evaluates, before React renders, so the first screen does not wait for
// the render and an effect to start the request. Taken by the first loadConfig() call only.
// Unit tests have no server to ask.
let early: Promise<Response> | undefined =
  typeof window !== 'undefined' && import.meta.env.MODE !== 'test' && !current
    ? fetch('/app-config.json')
    : undefined;
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

/** Uses `config` as if the server had sent it: the build's prerender renders the screens with it. */
export function provideConfig(config: AppConfig): void {
  current = config;
  loaded = Promise.resolve(config);
}

/** The configuration once loadConfig() has resolved (the root route loads it before any screen). */
export function loadedConfig(): AppConfig | undefined {
  return current;
}
