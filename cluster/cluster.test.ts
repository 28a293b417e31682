// Several instances on one PostgreSQL behind a real proxy (docs/deploy.md): a private PostgreSQL 15, the
// emulator, two instances of the built server and HAProxy from Debian, all started here on free ports.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort, ROOT } from '../scripts/stack.ts';

// Debian's PostgreSQL server binaries, newest version installed.
const PG_BIN = join(
  '/usr/lib/postgresql',
  readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0] ?? '15',
  'bin',
);
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'hr-cluster-'));
const pgData = join(dir, 'pg');
const children: ChildProcess[] = [];
const figures: string[] = [];
let pgPort = 0;
let proxy = '';
let emulator = '';
let anonKey = '';

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function pg(tool: string, args: string[]): void {
  const [cmd, all] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
    : [join(PG_BIN, tool), args];
  execFileSync(cmd, all, { stdio: 'pipe' });
}

/** Starts the private PostgreSQL and waits until it takes connections. */
function startPostgres(): void {
  const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`;
  pg('pg_ctl', ['-D', pgData, '-o', options, '-l', join(dir, 'pg.log'), '-w', 'start']);
}

function startProcess(
  script: string,
  env: Record<string, string>,
  name: string,
): ChildProcess & { log: () => string } {
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => {
    log = (log + c.toString()).slice(-20_000);
  });
  child.stderr?.on('data', (c: Buffer) => {
    log = (log + c.toString()).slice(-20_000);
  });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${name} exited with ${code}\n${log}`);
  });
  return Object.assign(child, { log: () => log });
}

async function until(what: string, check: () => Promise<boolean>, ms = 90_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

const ok = (url: string) => async () => (await fetch(url)).ok;

interface Instance {
  port: number;
  child: ChildProcess & { log: () => string };
}
const instances: Instance[] = [];

function serverEnv(port: number): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    TRUST_PROXY: '1',
    PUBLIC_ORIGIN: proxy,
    SPOTIFY_CLIENT_ID: 'heavy-rotation-demo',
    SPOTIFY_ACCOUNTS_URL: emulator,
    SPOTIFY_API_URL: `${emulator}/v1`,
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    RATE_LIMIT_USER_PER_MINUTE: '100000',
    RATE_LIMIT_WAITLIST_PER_HOUR: '20',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    // The emulator shares the machine with everything else here: a slow answer is not an outage.
    PROVIDER_TIMEOUT_MS: '30000',
  };
}

function startInstance(index: number): Instance {
  const port = instances[index]?.port ?? 0;
  const child = startProcess('apps/server/dist/index.js', serverEnv(port), `instance ${index}`);
  const instance = { port, child };
  instances[index] = instance;
  return instance;
}

function stopped(child: ChildProcess): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => child.once('exit', () => resolve(Date.now() - started)));
}

/** Sends `perSecond` requests per second for `seconds`, counting statuses (0 = no answer). */
async function load(
  make: () => Promise<Response>,
  seconds: number,
  perSecond: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const pending: Promise<void>[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    for (let i = 0; i < perSecond / 10; i++) {
      pending.push(
        make().then(
          async (res) => {
            await res.arrayBuffer();
            counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          },
          () => {
            counts.set(0, (counts.get(0) ?? 0) + 1);
          },
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(pending);
  return counts;
}

const describe = (counts: Map<number, number>) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
    .join(', ');

function rss(child: ChildProcess): string {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'unknown';
  }
}

beforeAll(async () => {
  // PostgreSQL of its own, so a restart disturbs nothing else on the machine.
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o755);
  pgPort = await freePort();
  pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
  startPostgres();

  const emulatorPort = await freePort();
  emulator = `http://127.0.0.1:${emulatorPort}`;
  startProcess('packages/emulator/src/serve.ts', { EMULATOR_PORT: String(emulatorPort) }, 'emulator');
  await until('the emulator', ok(`${emulator}/healthz`));

  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${proxyPort}`;
  const ports = [await freePort(), await freePort()];
  // Two instances started at once on the empty database: both must come up.
  for (const [i, port] of ports.entries()) {
    instances[i] = {
      port,
      child: startProcess('apps/server/dist/index.js', serverEnv(port), `instance ${i}`),
    };
  }
  for (const instance of instances)
    await until('an instance', ok(`http://127.0.0.1:${instance.port}/readyz`));
  figures.push('two instances started at once on an empty database: both ready');

  const haproxy = spawn('haproxy', ['-f', join(ROOT, 'cluster/haproxy.cfg'), '-db'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PROXY_PORT: String(proxyPort),
      PORT_A: String(ports[0]),
      PORT_B: String(ports[1]),
    },
  });
  children.push(haproxy);
  await until('the proxy', ok(`${proxy}/readyz`));
  const config = (await (await fetch(`${proxy}/app-config.json`)).json()) as { anonKey: string };
  anonKey = config.anonKey;
}, 300_000);

afterAll(async () => {
  console.log(`\nCluster figures:\n- ${figures.join('\n- ')}\n`);
  for (const child of children) child.kill('SIGKILL');
  try {
    pg('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
});

async function token(): Promise<string> {
  const res = await fetch(`${emulator}/_emulator/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ listenerId: 'demo-listener', expiresIn: 3600 }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

test('an instance stopped and started again under load: every request is answered', async () => {
  const auth = { apikey: anonKey, Authorization: `Bearer ${await token()}` };
  const request = () => fetch(`${proxy}/rest/v1/user_profile?id=eq.demo-listener`, { headers: auth });
  const running = load(request, 8, 60);
  await new Promise((r) => setTimeout(r, 2000));
  const first = instances[0];
  if (!first) throw new Error('no instance');
  first.child.kill('SIGTERM');
  const shutdownMs = await stopped(first.child);
  figures.push(`SIGTERM under load: instance stopped in ${shutdownMs} ms`);
  startInstance(0);
  await until('the restarted instance', ok(`http://127.0.0.1:${first.port}/readyz`));
  const counts = await running;
  const sent = [...counts.values()].reduce((a, b) => a + b, 0);
  const failed = sent - (counts.get(406) ?? 0);
  figures.push(`rolling restart: ${sent} requests through the proxy, ${failed} failed (${describe(counts)})`);
  // Every request got an answer from an instance: none was dropped by the stop or the proxy, and none
  // failed with an error; a busy machine may answer some with 503 and Retry-After, which clients retry.
  expect((counts.get(0) ?? 0) + (counts.get(502) ?? 0) + (counts.get(500) ?? 0)).toBe(0);
  expect(failed).toBe(counts.get(503) ?? 0);
  expect(shutdownMs).toBeLessThan(6000);
});

test('the waitlist limit counts once across both instances, and a spoofed X-Forwarded-For evades nothing', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${proxy}/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: proxy,
        // A client rotating what it claims to be: HAProxy appends the real address after it.
        'X-Forwarded-For': `198.51.100.${i}`,
      },
      body: new URLSearchParams({
        'form-name': 'signup',
        'bot-field': '',
        email: `fan${i}@example.com`,
      }).toString(),
    });
    statuses.push(res.status);
  }
  const accepted = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  figures.push(
    `waitlist 20/hour across two instances, 40 signups with spoofed X-Forwarded-For: ${accepted} accepted, ${refused} refused (429)`,
  );
  expect(accepted).toBe(20);
  expect(refused).toBe(20);
});

test('PostgreSQL restarted under load: 503 meanwhile, service back within 5 s, no instance lost', async () => {
  const auth = { apikey: anonKey, Authorization: `Bearer ${await token()}` };
  const request = () => fetch(`${proxy}/rest/v1/user_profile?id=eq.demo-listener`, { headers: auth });
  const running = load(request, 10, 50);
  await new Promise((r) => setTimeout(r, 1500));
  pg('pg_ctl', ['-D', pgData, '-m', 'fast', 'stop']);
  await new Promise((r) => setTimeout(r, 1500));
  startPostgres();
  const recovery = await until(
    'service after the restart',
    async () => (await request()).status === 406,
    10_000,
  );
  figures.push(`PostgreSQL restart: service back ${recovery} ms after PostgreSQL was up again`);
  const counts = await running;
  figures.push(`during the restart: ${describe(counts)}`);
  expect(recovery).toBeLessThan(5000);
  expect(counts.get(500) ?? 0).toBe(0);
  for (const instance of instances) expect(instance.child.exitCode).toBeNull();
  figures.push(`memory per instance after the load: ${instances.map((i) => rss(i.child)).join(', ')}`);
});
