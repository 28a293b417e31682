import { randomBytes } from 'node:crypto';
import { createEmulator, DEMO_LASTFM, DEMO_SMS } from '@heavy-rotation/emulator';
import * as z from 'zod/mini';
import type { MailQueue } from '../admin/mail.ts';
import { createApp, type ServerApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { type AppDeps, createDeps } from '../deps.ts';
import { type Env, readEnv } from '../env.ts';
import type { EventLog } from '../events/log.ts';
import { countersFromEnv } from '../http/counters.ts';
import { createLogger } from '../http/logger.ts';
import { originsFromEnv } from '../http/same-origin.ts';
import { openTestDatabase, secondConnection, TEST_DATABASE_URL } from './database.ts';

// With PostgreSQL, the counters live in Redis as in production (CI runs one beside PostgreSQL).
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
export const DATABASES: ('pglite' | 'postgres')[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
export const ANON_KEY = 'test-anon-key-0123456789abcdef';

/** A reply checked against its contract (so tests read typed values). */
export async function read<S extends z.ZodMiniType>(
  res: Response | Promise<Response>,
  schema: S,
): Promise<z.infer<S>> {
  return z.parse(schema, await (await res).json());
}
const EMULATOR = 'http://emulator.test';

export interface TestServer {
  app: ServerApp;
  env: Env;
  database: Database;
  emulator: ReturnType<typeof createEmulator>;
  /** The app's email queue: nothing is sent in the background unless the test starts it. */
  mail: MailQueue;
  /** The app's analytics buffer: a test flushes it before reading what was written. */
  events: EventLog;
  /** A fresh provider access token for a demo listener. */
  token(listenerId?: string): Promise<string>;
  /** A call as the web app makes it: apikey always, the bearer token when given. */
  call(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  /** Makes the provider misbehave (emulator fault control). */
  fault(fault: Record<string, unknown>): Promise<void>;
  /** A call to an emulated service's control path (its faults, its call counts), JSON both ways. */
  control(path: string, body?: unknown, method?: string): Promise<Response>;
  close(): Promise<void>;
}

const counterPrefixes = new WeakMap<Database, string>();

export async function startTestServer(
  kind: 'pglite' | 'postgres',
  vars: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
): Promise<TestServer> {
  const env = readEnv({
    LOG_LEVEL: 'silent',
    PUBLIC_ANON_KEY: ANON_KEY,
    SPOTIFY_CLIENT_ID: 'heavy-rotation-demo',
    EMULATOR_URL: EMULATOR,
    PROVIDER_TIMEOUT_MS: '10000',
    LASTFM_API_KEY: DEMO_LASTFM.apiKey,
    LASTFM_SHARED_SECRET: DEMO_LASTFM.secret,
    SOURCE_KEY_SECRET: 'test-source-key-secret-0123456789abcdef',
    SMS_ACCOUNT_SID: DEMO_SMS.accountSid,
    SMS_AUTH_TOKEN: DEMO_SMS.authToken,
    SMS_FROM: DEMO_SMS.from,
    ...vars,
  });
  // Replies typed into the SMS emulator reach this app's webhook, signed for the URL the app expects.
  let app: ServerApp | undefined;
  const { origin } = originsFromEnv(env);
  const emulator = createEmulator({
    smsWebhookUrl: `${origin}/functions/v1/sms-webhook`,
    smsWebhookFetch: async (input, init) => {
      if (!app) throw new Error('the app is not built yet');
      return app.fetch(new Request(input, init));
    },
  });
  // A suite may share one database between several app variants: opening one costs seconds.
  const own = deps.database ? undefined : await openTestDatabase(kind);
  const database = deps.database ?? (own as Database);
  // Suites share one Redis: each database's servers count under a prefix of their own, and a second
  // instance on the same database (as behind a proxy) shares the first one's counters.
  const prefix = counterPrefixes.get(database) ?? `test_${randomBytes(6).toString('hex')}:`;
  counterPrefixes.set(database, prefix);
  const counters =
    kind === 'postgres' && TEST_REDIS_URL
      ? await countersFromEnv(
          { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_MEMORY_KEYS: env.RATE_LIMIT_MEMORY_KEYS },
          () => undefined,
          prefix,
        )
      : undefined;
  const built = await createDeps(env, {
    database,
    ...(counters ? { counters } : {}),
    logger: createLogger('silent'),
    providerFetch: async (input, init) => emulator.fetch(new Request(input, init)),
    sourceFetch: async (input, init) => emulator.fetch(new Request(input, init)),
    smsFetch: async (input, init) => emulator.fetch(new Request(input, init)),
    ...deps,
  });
  app = createApp(built);
  return {
    app,
    env,
    database,
    emulator,
    mail: built.mail,
    events: built.events,
    async token(listenerId = 'demo-listener') {
      const res = await emulator.request('/_emulator/tokens', {
        method: 'POST',
        body: JSON.stringify({ listenerId }),
        headers: { 'Content-Type': 'application/json' },
      });
      const body = (await res.json()) as { access_token: string };
      return body.access_token;
    },
    call(path, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has('apikey')) headers.set('apikey', ANON_KEY);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      return Promise.resolve(
        app.request(path, {
          ...rest,
          headers,
          ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
        }),
      );
    },
    async fault(fault) {
      const res = await emulator.request('/_emulator/faults', {
        method: 'POST',
        body: JSON.stringify(fault),
        headers: { 'Content-Type': 'application/json' },
      });
      if (!res.ok) throw new Error(`fault refused: ${await res.text()}`);
    },
    control: async (path, body, method = 'POST') =>
      emulator.request(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    close: async () => {
      await built.counters.close();
      await own?.drop();
    },
  };
}

/**
 * Two instances on one database, as behind a proxy: on PostgreSQL the second has its own pool and change
 * feed; the embedded database is one process's, so both share it.
 */
export async function startTwoInstances(
  kind: 'pglite' | 'postgres',
  vars: Record<string, string> = {},
): Promise<{ one: TestServer; two: TestServer; close(): Promise<void> }> {
  const one = await startTestServer(kind, vars);
  const twoDb = await secondConnection(one.database);
  const two = await startTestServer(kind, vars, { database: twoDb });
  return {
    one,
    two,
    async close() {
      await two.close();
      if (twoDb !== one.database) await twoDb.close();
      await one.close();
    },
  };
}
