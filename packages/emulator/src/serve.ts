import { serve } from '@hono/node-server';
import { createEmulator } from './app.ts';
import { DataFileError, loadDataFile } from './data/load.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const port = Number(arg('--port') ?? process.env.EMULATOR_PORT ?? 8788);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number');
const mode = arg('--mode') ?? 'development';
if (mode !== 'development' && mode !== 'extended') fail('--mode must be development or extended');
const control = !process.argv.includes('--no-control') && process.env.EMULATOR_CONTROL !== 'off';
const dataPath = arg('--data') ?? process.env.EMULATOR_DATA;

function seconds(flag: string): number | undefined {
  const value = arg(flag);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${flag} must be a positive number of seconds`);
  return n;
}
const accessTokenSeconds = seconds('--access-token-seconds');
const refreshTokenSeconds = seconds('--refresh-token-seconds');

let data: ReturnType<typeof loadDataFile> | undefined;
try {
  data = dataPath ? loadDataFile(dataPath) : undefined;
} catch (error) {
  fail(error instanceof DataFileError ? error.message : String(error));
}

const app = createEmulator({
  ...(data ? { data } : {}),
  mode,
  control,
  ...(accessTokenSeconds ? { accessTokenSeconds } : {}),
  ...(refreshTokenSeconds ? { refreshTokenSeconds } : {}),
  ...(dataPath ? { reloadData: () => loadDataFile(dataPath) } : {}),
  // Where replies typed on the SMS inbox page go (the start script sets it to the server's webhook).
  ...(process.env.SMS_WEBHOOK_URL ? { smsWebhookUrl: process.env.SMS_WEBHOOK_URL } : {}),
});
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => {
  console.log(`Spotify emulator (${mode}${control ? ', controls on' : ''}) on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
