import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
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

const deps = await createDeps(env);
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
