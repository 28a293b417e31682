import type { AppDeps } from './app.ts';
import { openDatabase } from './db/client.ts';
import type { Env } from './env.ts';
import { createLogger } from './http/logger.ts';

/**
 * Everything createApp needs, from the environment: the database (migrated) and the logger.
 * Benchmarks and tests may override parts, e.g. `{ providerFetch: emulator.fetch }`.
 */
export async function createDeps(env: Env, overrides: Partial<Omit<AppDeps, 'env'>> = {}): Promise<AppDeps> {
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  return { env, database, logger: overrides.logger ?? createLogger(env.LOG_LEVEL), ...overrides };
}
