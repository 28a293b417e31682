import { serve } from '@hono/node-server';
import { createEmulator } from './app.ts';

const portArg = process.argv.indexOf('--port');
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : Number(process.env.EMULATOR_PORT ?? 8788);
const server = serve({ fetch: createEmulator().fetch, hostname: '127.0.0.1', port }, (info) => {
  console.log(`Spotify emulator on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
