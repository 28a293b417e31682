import { type Database, openDatabase } from './db/client.ts';
import type { Env } from './env.ts';
import { createLogger, type Logger } from './http/logger.ts';

/** What the app is built from. */
export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** How the provider's Web API is reached (tests pass the emulator's fetch). */
  providerFetch?: typeof fetch;
  /** How the OpenAI-compatible generator is reached. */
  llmFetch?: typeof fetch;
  /** How Last.fm and ListenBrainz are reached. */
  sourceFetch?: typeof fetch;
  now?: () => number;
}

/**
 * Everything createApp needs, from the environment: the database (migrated) and the logger.
 * Benchmarks and tests may override parts, e.g. `{ providerFetch: emulator.fetch }`.
 */
export async function createDeps(env: Env, overrides: Partial<Omit<AppDeps, 'env'>> = {}): Promise<AppDeps> {
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  return { env, database, logger: overrides.logger ?? createLogger(env.LOG_LEVEL), ...overrides };
}
