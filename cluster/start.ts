// Several instances on one PostgreSQL behind a real proxy (docs/deploy.md): a private PostgreSQL, the
// emulator, two instances of the built server and HAProxy from Debian, all started here on free ports.
// `npm run test:cluster` (cluster.test.ts) and the bench's production-shaped run (bench/src/cluster-load.ts)
// start it the same way.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_NODE_FLAGS } from '../scripts/stack.ts';

// Debian's PostgreSQL server binaries, newest version installed.
const PG_BIN = join(
  '/usr/lib/postgresql',
  readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0] ?? '15',
  'bin',
);
const asRoot = process.getuid?.() === 0;
/**
 * The build the instances run: a folder holding a built `apps/server/dist/index.js` and `apps/web/dist`
 * (another checkout, built, with its node_modules), to measure a build before and after a change; the
 * repository's own by default.
 */
const SERVER_DIR = process.env.CLUSTER_SERVER_DIR || ROOT;
/** Reads GET /metrics on each instance (a fixed test value: the cluster is private). */
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

export async function until(what: string, check: () => Promise<boolean>, ms = 90_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

const ok = (url: string) => async () => (await fetch(url)).ok;

/** Whether the Redis on this port answers PING. */
function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (reply) => {
      resolve(reply.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
  });
}

interface Instance {
  port: number;
  child: ChildProcess & { log: () => string };
}

export interface Cluster {
  /** The proxy's address: where listeners' browsers reach the service. */
  proxy: string;
  emulator: string;
  anonKey: string;
  /** The cluster's PostgreSQL, as the postgres superuser. */
  databaseUrl: string;
  /** The cluster's private Redis, where the instances keep their rate-limit counters. */
  redisUrl: string;
  /** The bearer token of each instance's GET /metrics. */
  metricsToken: string;
  /** The folder whose build the instances run (CLUSTER_SERVER_DIR, or the repository). */
  serverDir: string;
  /** The folder of the web build the instances serve (a copy, so a deploy can write into it). */
  webDist: string;
  instances: Instance[];
  /** Runs a PostgreSQL tool on the cluster's database (as the postgres user when we are root). */
  pg(tool: 'pg_ctl', args: string[]): void;
  /** The cluster's PostgreSQL data folder. */
  pgData: string;
  startPostgres(): void;
  /** A rolling restart's step: stop the instance, wait until the proxy took it out, start it, wait until it is back. */
  restartInstance(index: number): Promise<number>;
  /** A fresh access token of the emulator for a listener. */
  token(listenerId?: string): Promise<string>;
  /** Resident memory of each instance, MB. */
  memoryMb(): (number | undefined)[];
  stop(): Promise<void>;
}

/**
 * Starts the cluster. `env` is added to every instance's environment (limits, log level).
 */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'hr-cluster-'));
  const pgData = join(dir, 'pg');
  const webDist = join(dir, 'web');
  const children: ChildProcess[] = [];
  let pgPort = 0;

  function pg(tool: string, args: string[]): void {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
      : [join(PG_BIN, tool), args];
    execFileSync(cmd, all, { stdio: 'pipe' });
  }
  function startPostgres(): void {
    // pg_stat_statements: the bench counts the statements a listener's session costs.
    const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_preload_libraries=pg_stat_statements`;
    pg('pg_ctl', ['-D', pgData, '-o', options, '-l', join(dir, 'pg.log'), '-w', 'start']);
  }
  function startProcess(script: string, vars: Record<string, string>, name: string): Instance['child'] {
    // The built server starts as in production, with its V8 flags (docs/deploy.md, "Building").
    const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [...SERVER_NODE_FLAGS, script];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...vars },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const collect = (c: Buffer) => {
      log = (log + c.toString()).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    children.push(child);
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`${name} exited with ${code}\n${log}`);
    });
    return Object.assign(child, { log: () => log });
  }

  // PostgreSQL of its own, so a restart disturbs nothing else on the machine.
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o755);
  cpSync(join(SERVER_DIR, 'apps/web/dist'), webDist, { recursive: true });
  pgPort = await freePort();
  pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
  startPostgres();
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

  // Redis of its own, in memory only: the instances' rate-limit counters.
  const redisPort = await freePort();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const redisArgs = ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  const redis = spawn('redis-server', [...redisArgs, '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: 'ignore',
  });
  children.push(redis);
  let redisDown = '';
  redis.once('error', (error) => {
    redisDown = `redis-server did not start (${error.message})`;
  });
  redis.once('exit', (code) => {
    redisDown ||= `redis-server exited with ${code}`;
  });
  await until('Redis', async () => redisDown !== '' || (await redisPing(redisPort)));
  if (redisDown) {
    pg('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']);
    throw new Error(`${redisDown}: Debian's redis-server is needed`);
  }

  const emulatorPort = await freePort();
  const emulator = `http://127.0.0.1:${emulatorPort}`;
  startProcess('packages/emulator/src/serve.ts', { EMULATOR_PORT: String(emulatorPort) }, 'emulator');
  await until('the emulator', ok(`${emulator}/healthz`));

  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const statsPort = await freePort();
  const proxyStats = `http://127.0.0.1:${statsPort}/;csv`;
  const serverEnv = (port: number): Record<string, string> => ({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    METRICS_TOKEN,
    // Every instance opens the keys any other sealed: one secret for all.
    SOURCE_KEY_SECRET: 'cluster-source-key-secret-0123456789abcdef',
    TRUST_PROXY: '1',
    PUBLIC_ORIGIN: proxy,
    SPOTIFY_CLIENT_ID: 'heavy-rotation-demo',
    // Every outside service is the emulator's: nothing here reaches the internet.
    EMULATOR_URL: emulator,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // The emulator shares the machine with everything else here: a slow answer is not an outage.
    PROVIDER_TIMEOUT_MS: '30000',
    ...env,
  });
  const instances: Instance[] = [];
  const startInstance = (index: number, port: number) => {
    instances[index] = {
      port,
      child: startProcess(
        join(SERVER_DIR, 'apps/server/dist/index.js'),
        serverEnv(port),
        `instance ${index}`,
      ),
    };
  };
  const ports = [await freePort(), await freePort()];
  // Two instances started at once on the empty database: both must come up.
  for (const [i, port] of ports.entries()) startInstance(i, port);
  for (const instance of instances)
    await until('an instance', ok(`http://127.0.0.1:${instance.port}/readyz`));

  const haproxy = spawn('haproxy', ['-f', join(ROOT, 'cluster/haproxy.cfg'), '-db'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PROXY_PORT: String(proxyPort),
      STATS_PORT: String(statsPort),
      PORT_A: String(ports[0]),
      PORT_B: String(ports[1]),
    },
  });
  children.push(haproxy);
  await until('the proxy', ok(`${proxy}/readyz`));
  const config = (await (await fetch(`${proxy}/app-config.json`)).json()) as { anonKey: string };

  /** What the proxy thinks of each instance (a, b): "UP", "DOWN", or on its way ("UP 1/2"). */
  async function proxyView(): Promise<string[]> {
    const csv = await (await fetch(proxyStats)).text();
    return ['a', 'b'].map(
      (name) =>
        csv
          .split('\n')
          .find((line) => line.startsWith(`servers,${name},`))
          ?.split(',')[17] ?? '',
    );
  }
  const allInRotation = async () => (await proxyView()).every((status) => status === 'UP');

  return {
    proxy,
    emulator,
    anonKey: config.anonKey,
    databaseUrl,
    redisUrl,
    metricsToken: METRICS_TOKEN,
    serverDir: SERVER_DIR,
    webDist,
    instances,
    pg,
    pgData,
    startPostgres,
    async restartInstance(index) {
      const instance = instances[index];
      if (!instance) throw new Error('no instance');
      const started = Date.now();
      const exited = new Promise<number>((resolve) =>
        instance.child.once('exit', () => resolve(Date.now() - started)),
      );
      instance.child.kill('SIGTERM');
      const shutdownMs = await exited;
      await until('the proxy taking the instance out', async () => (await proxyView())[index] === 'DOWN');
      startInstance(index, instance.port);
      await until('the restarted instance back in rotation', allInRotation);
      return shutdownMs;
    },
    async token(listenerId = 'demo-listener') {
      const res = await fetch(`${emulator}/_emulator/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ listenerId, expiresIn: 3600 }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    },
    memoryMb: () =>
      instances.map((i) => {
        try {
          const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${i.child.pid}/status`, 'utf8'))?.[1]);
          return Math.round(kb / 1024);
        } catch {
          return undefined;
        }
      }),
    async stop() {
      for (const child of children) child.kill('SIGKILL');
      try {
        pg('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
