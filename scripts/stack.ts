import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_LASTFM, DEMO_SMS } from '@heavy-rotation/emulator';

/** The operator console's token in demo mode (README, "The operator console"). */
export const DEMO_ADMIN_TOKEN = 'heavy-rotation-demo-admin';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Node's command-line flags for the server process: V8 recompiles a WebAssembly function only after it
 * ran a hundred times its default budget, so the embedded database's run-once start code is not
 * recompiled (docs/architecture.md, "The embedded database"), harmless on PostgreSQL, where no
 * WebAssembly runs; and the young generation stays at two halves of 4 MB, where load would grow them to
 * 16 MB each (docs/deploy.md, "Building").
 */
export const SERVER_NODE_FLAGS = ['--wasm-tiering-budget=180000000', '--max-semi-space-size=4'];

export interface Stack {
  url: string;
  emulatorUrl: string | undefined;
  stop(): Promise<void>;
}

export interface StackOptions {
  host?: string;
  port?: number;
  emulatorPort?: number;
  /** Extra environment for both processes. */
  env?: Record<string, string>;
  /** Echo the children's output (npm start); quiet in tests. */
  verbose?: boolean;
  /** Run the server from its TypeScript sources even when a fresh build exists (npm run dev). */
  source?: boolean;
}

/** The server's built module when it is newer than every source it is built from, else its sources. */
function serverEntry(source: boolean): string {
  const built = join(ROOT, 'apps/server/dist/index.js');
  if (!source && newest(built) > serverSourcesNewest()) return built;
  return 'apps/server/src/index.ts';
}

/** The newest change to anything the server is built from. */
export function serverSourcesNewest(): number {
  return Math.max(
    ...[
      'apps/server/src',
      'apps/server/scripts/build.ts',
      'packages/spotify/src',
      'packages/contracts/src',
    ].map((p) => newest(join(ROOT, p))),
  );
}

/** The newest modification time below a path (0 when it does not exist). */
export function newest(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a busy two-core machine a cold start can take tens of seconds.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 90 s\n${output()}`);
}

/**
 * Every child still running when this process ends is killed with it: a caller that gave up waiting (a
 * bench part over its time budget) leaves no server behind to load the machine.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function run(
  script: string,
  env: NodeJS.ProcessEnv,
  verbose: boolean,
  flags: readonly string[] = [],
): { child: ChildProcess; output: () => string } {
  // Built JavaScript runs on plain Node; TypeScript sources through tsx.
  const args = script.endsWith('.ts') ? [...flags, '--import', 'tsx', script] : [...flags, script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (verbose) process.stdout.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return { child, output: () => log };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the server and, without SPOTIFY_CLIENT_ID, the emulator as child processes, and waits until
 * both answer. Used by `npm start`, the browser journeys and the benchmarks.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const host = options.host ?? '127.0.0.1';
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  const port = options.port ?? Number(baseEnv.PORT ?? 8787);
  const demo = !baseEnv.SPOTIFY_CLIENT_ID;
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
  };
  try {
    let emulatorUrl: string | undefined;
    const serverEnv: NodeJS.ProcessEnv = { ...baseEnv, HOST: host, PORT: String(port) };
    if (demo) {
      const emulatorPort = options.emulatorPort ?? Number(baseEnv.EMULATOR_PORT ?? 8788);
      emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
      const emulator = run(
        'packages/emulator/src/serve.ts',
        {
          ...baseEnv,
          EMULATOR_PORT: String(emulatorPort),
          // Replies typed on the SMS inbox page (STOP, START) go to the server's webhook.
          SMS_WEBHOOK_URL: `http://${host.includes(':') ? `[${host}]` : host}:${port}/functions/v1/sms-webhook`,
        },
        options.verbose ?? false,
      );
      children.push(emulator.child);
      Object.assign(serverEnv, {
        // Every outside service is the emulator's (Spotify, Last.fm, ListenBrainz, the image and clip
        // sources, the SMS provider), with its demo credentials.
        EMULATOR_URL: emulatorUrl,
        SPOTIFY_CLIENT_ID: 'heavy-rotation-demo',
        LASTFM_API_KEY: DEMO_LASTFM.apiKey,
        LASTFM_SHARED_SECRET: DEMO_LASTFM.secret,
        SMS_ACCOUNT_SID: DEMO_SMS.accountSid,
        SMS_AUTH_TOKEN: DEMO_SMS.authToken,
        SMS_FROM: DEMO_SMS.from,
        // The operator console works out of the box; invitations stay in its outbox (no SMTP_URL).
        ADMIN_TOKEN: baseEnv.ADMIN_TOKEN ?? DEMO_ADMIN_TOKEN,
      });
      await waitFor(`${emulatorUrl}/healthz`, emulator.child, emulator.output);
    }
    const server = run(
      serverEntry(options.source ?? false),
      serverEnv,
      options.verbose ?? false,
      SERVER_NODE_FLAGS,
    );
    children.push(server.child);
    const url = `http://${host}:${port}`;
    await waitFor(`${url}/healthz`, server.child, server.output);
    return { url, emulatorUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
