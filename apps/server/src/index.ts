import { serve } from '@hono/node-server';
import { createDeps } from './deps.ts';
import { type Env, readEnv } from './env.ts';

let env: Env;
try {
  env = readEnv();
} catch (error) {
  // A clear one-line reason instead of a stack trace: the message names the variable.
  console.error((error as Error).message);
  process.exit(1);
}

// Load the routes while the database starts: the two overlap and the server is ready sooner.
const [deps, { createApp }] = await Promise.all([createDeps(env), import('./app.ts')]);
const server = serve({ fetch: createApp(deps).fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  deps.logger.info({ url: `http://${env.HOST}:${info.port}`, database: deps.database.kind }, 'listening');
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await deps.database.close();
      process.exit(0);
    });
    // Keep-alive connections can hold close() open; don't let a stop hang.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
