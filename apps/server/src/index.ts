import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { readEnv } from './env.ts';

const env = readEnv();
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
