import { preloadPgliteFiles } from './db/pglite-files.ts';
import type { Env } from './env.ts';

/** On SIGTERM, how long requests in flight may finish before their connections are closed. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

// The embedded database's WebAssembly compiles on V8's background threads while the modules below load.
const pgliteFiles = process.env.DATABASE_URL ? undefined : preloadPgliteFiles();
const [{ createServer }, { getRequestListener }, { createDeps }, { readEnv }] = await Promise.all([
  import('node:http'),
  import('@hono/node-server'),
  import('./deps.ts'),
  import('./env.ts'),
]);

let env: Env;
try {
  env = readEnv();
} catch (error) {
  // A clear one-line reason instead of a stack trace: the message names the variable.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let stopping = false;
// Load the routes while the database starts: the two overlap and the server is ready sooner.
const [deps, { createApp }] = await Promise.all([
  createDeps(env, {}, pgliteFiles).catch((error: unknown) => {
    console.error(
      `The database could not be opened: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }),
  import('./app.ts'),
]);
const app = createApp({ ...deps, draining: () => stopping });
// Email due is sent every few seconds (and at once after each invite) until the process stops.
deps.mail.start(() => stopping);
const server = createServer(getRequestListener(app.fetch, { hostname: env.HOST }));
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  deps.logger.info({ url: `http://${env.HOST}:${port}`, database: deps.database.kind }, 'listening');
});

/**
 * SIGTERM (docs/deploy.md, "Stopping"): /readyz turns 503 at once, no new connections are taken, requests
 * in flight finish (at most SHUTDOWN_TIMEOUT_MS), then buffered events are written, Redis and the database
 * close and the process exits 0.
 */
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  deps.logger.info({ signal }, 'stopping');
  const finish = async (code: number) => {
    // Events still buffered are written before the database closes: a clean stop loses none.
    await deps.events.flush().catch(() => undefined);
    await deps.counters.close();
    await deps.database.close().catch(() => undefined);
    deps.logger.info({ ms: Date.now() - started }, 'stopped');
    process.exit(code);
  };
  server.close(() => void finish(0));
  // A keep-alive connection would hold close() open until the client leaves it (Node keeps an idle one
  // 5 s): idle ones are closed now, and each busy one as soon as its answer has gone out, so the process
  // ends right after its last answer.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 50).unref();
  setTimeout(() => {
    server.closeAllConnections();
    void finish(0);
  }, SHUTDOWN_TIMEOUT_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
