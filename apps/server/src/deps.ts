import { type MailQueue, mailQueueFromEnv } from './admin/mail.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { PgliteFiles } from './db/pglite-files.ts';
import type { Env } from './env.ts';
import { createEventLog, type EventLog } from './events/log.ts';
import { type Counters, countersFromEnv } from './http/counters.ts';
import { describeCause } from './http/errors.ts';
import { createLogger, type Logger } from './http/logger.ts';
import { createMetrics, type Metrics } from './http/metrics.ts';
import { sourceKeyFileOf, sourceKeySecretFromFile } from './sources/key-file.ts';

/** How long start-up waits for PostgreSQL to answer before giving up. */
const DB_START_TIMEOUT_MS = 30_000;

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
  /** How the SMS provider is reached (tests pass the emulator's fetch). */
  smsFetch?: typeof fetch;
  /** True once the process is shutting down: /readyz answers 503 from then on. */
  draining?: () => boolean;
  /**
   * The email queue: the admin routes add to it and kick it; the server process starts its worker
   * (src/index.ts), so a test or benchmark sends email only if it starts one too.
   */
  mail: MailQueue;
  /** Where the rate-limit counters live: Redis (REDIS_URL) or this process's memory. */
  counters: Counters;
  /** The analytics events' buffer: the server process writes what is left when it stops. */
  events: EventLog;
  /** This app's Prometheus registry and instruments (GET /metrics). */
  metrics: Metrics;
  now?: () => number;
  /** SOURCE_KEY_SECRET when the environment has none: the one kept in SOURCE_KEY_FILE. */
  sourceKeySecret?: string;
}

/**
 * Everything createApp needs, from the environment: the database (migrated), the logger and the email
 * queue. Benchmarks and tests may override parts, e.g. `{ providerFetch: emulator.fetch }`.
 */
export async function createDeps(
  env: Env,
  overrides: Partial<Omit<AppDeps, 'env'>> = {},
  pgliteFiles?: Promise<PgliteFiles | undefined>,
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      startTimeoutMs: DB_START_TIMEOUT_MS,
      pgliteFiles,
      onTrouble: (what, error) => logger.warn({ cause: describeCause(error) }, what),
    }));
  // Outside DATA_DIR: a copy of the data folder alone opens no key (docs/deploy.md, "Source keys").
  const sourceKeySecret =
    env.SOURCE_KEY_SECRET ?? (await sourceKeySecretFromFile(sourceKeyFileOf(env), env.DATA_DIR));
  const now = overrides.now ?? Date.now;
  const onTrouble = (what: string, error: unknown) => logger.warn({ cause: describeCause(error) }, what);
  const mail = overrides.mail ?? mailQueueFromEnv(env, { db: database.db, now, logger });
  const metrics = overrides.metrics ?? createMetrics();
  if (database.pool) metrics.watchPool(database.pool);
  const counters = overrides.counters ?? (await countersFromEnv(env, onTrouble));
  const events = overrides.events ?? createEventLog(database.db, { now, onTrouble, metrics: metrics.events });
  metrics.watchEvents(events.waiting);
  return { env, database, logger, sourceKeySecret, mail, metrics, counters, events, ...overrides };
}
