import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readEnv } from './env.ts';

const env = readEnv();
const server = serve({ fetch: createApp({ env }).fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  console.log(`Heavy Rotation server on http://${env.HOST}:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
