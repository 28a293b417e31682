// Several instances on one PostgreSQL behind a real proxy (docs/deploy.md): a private PostgreSQL 15, the
// emulator, two instances of the built server and HAProxy from Debian, all started here on free ports.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
// The web build the instances serve: a copy, so the deploy below can write a new build into it.
const webDist = join(dir, 'web');
const children: ChildProcess[] = [];
const figures: string[] = [];
let pgPort = 0;
let proxy = '';
let proxyStats = '';
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
const USER_LIMIT = 600;

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
    WEB_DIST: webDist,
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    // Each test below is one listener; the limit test's listener goes past it.
    RATE_LIMIT_USER_PER_MINUTE: String(USER_LIMIT),
    RATE_LIMIT_WAITLIST_PER_HOUR: '20',
    RATE_LIMIT_GUEST_PER_MINUTE: '20',
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

/**
 * A rolling restart's step, as docs/deploy.md describes it: stop the instance, wait until the proxy has
 * taken it out, start it again, wait until the proxy has it back.
 */
async function restartInstance(index: number): Promise<number> {
  const instance = instances[index];
  if (!instance) throw new Error('no instance');
  instance.child.kill('SIGTERM');
  const shutdownMs = await stopped(instance.child);
  await until('the proxy taking the instance out', async () => (await proxyView())[index] === 'DOWN');
  startInstance(index);
  await until('the restarted instance back in rotation', allInRotation);
  return shutdownMs;
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
  cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
  pgPort = await freePort();
  pg('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres']);
  startPostgres();

  const emulatorPort = await freePort();
  emulator = `http://127.0.0.1:${emulatorPort}`;
  startProcess('packages/emulator/src/serve.ts', { EMULATOR_PORT: String(emulatorPort) }, 'emulator');
  await until('the emulator', ok(`${emulator}/healthz`));

  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${proxyPort}`;
  const statsPort = await freePort();
  proxyStats = `http://127.0.0.1:${statsPort}/;csv`;
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
      STATS_PORT: String(statsPort),
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

async function token(listenerId = 'demo-listener'): Promise<string> {
  const res = await fetch(`${emulator}/_emulator/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ listenerId, expiresIn: 3600 }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

test('an instance stopped and started again under load: every request is answered', async () => {
  const auth = { apikey: anonKey, Authorization: `Bearer ${await token()}` };
  const request = () => fetch(`${proxy}/rest/v1/user_profile?id=eq.demo-listener`, { headers: auth });
  const running = load(request, 8, 60);
  await new Promise((r) => setTimeout(r, 2000));
  const shutdownMs = await restartInstance(0);
  figures.push(`SIGTERM under load: instance stopped in ${shutdownMs} ms`);
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

test("a listener's limit and a guest's per-IP limit each count once across both instances", async () => {
  const auth = { apikey: anonKey, Authorization: `Bearer ${await token('new-listener')}` };
  const statuses = new Map<number, number>();
  // 100 over the listener's limit, 20 at a time, spread over both instances by the proxy.
  const ids = Array.from({ length: USER_LIMIT + 100 }, (_, i) => i);
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(
      ids.slice(i, i + 20).map(async () => {
        const res = await fetch(`${proxy}/rest/v1/user_profile?id=eq.new-listener`, { headers: auth });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }),
    );
  }
  figures.push(
    `per-listener limit ${USER_LIMIT}/min, ${ids.length} requests over two instances: ${describe(statuses)}`,
  );
  expect(statuses.get(429)).toBe(100);
  expect(statuses.get(406)).toBe(USER_LIMIT);

  const guest: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${proxy}/functions/v1/generate-success-message`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i}` },
      body: JSON.stringify({ artistNames: ['Someone'] }),
    });
    await res.arrayBuffer();
    guest.push(res.status);
  }
  const served = guest.filter((s) => s === 200).length;
  figures.push(
    `guest messages 20/min per IP, 40 calls with spoofed X-Forwarded-For: ${served} answered, ${guest.length - served} refused`,
  );
  expect(served).toBe(20);
  expect(guest.filter((s) => s === 429)).toHaveLength(20);
});

test('a deploy of a new build, instance by instance, while an old tab keeps loading its files', async () => {
  const assetsOf = (html: string) => [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]);
  const oldHtml = await (await fetch(`${proxy}/`)).text();
  // The old tab knows the entry and every lazy screen of its build.
  const oldFiles = [
    ...new Set([...assetsOf(oldHtml), ...readdirSync(join(webDist, 'assets')).map((f) => `/assets/${f}`)]),
  ].filter((f) => /\.(js|css)$/.test(f));
  expect(oldFiles.length).toBeGreaterThan(5);
  const oldEntry = assetsOf(oldHtml).find((f) => f.endsWith('.js')) ?? '';

  // The new build is written beside the old one (its files have new hashes; old ones are kept).
  const newEntry = oldEntry.replace(/-([\w]+)\.js$/, '-next$1.js');
  cpSync(join(webDist, oldEntry), join(webDist, newEntry));
  // Its pages name the new entry: the shell, and the pages of the screens a visit most often opens on.
  const pages = ['index.html', ...readdirSync(join(webDist, 'pages')).map((f) => join('pages', f))];
  for (const page of pages) {
    const html = readFileSync(join(webDist, page), 'utf8');
    writeFileSync(join(webDist, page), html.replaceAll(oldEntry, newEntry));
  }

  const oldTab = load(() => fetch(`${proxy}${oldFiles[Math.floor(Math.random() * oldFiles.length)]}`), 6, 30);
  for (const index of [0, 1]) await restartInstance(index);
  const counts = await oldTab;
  figures.push(`deploy with a rolling restart: the old tab's files ${describe(counts)}`);
  expect([...counts.keys()]).toEqual([200]);
  const served = await (await fetch(`${proxy}/`)).text();
  expect(served).toContain(newEntry);
  expect((await fetch(`${proxy}${oldEntry}`)).status).toBe(200);
});

test('PostgreSQL restarted under load: 503 meanwhile, service back within 5 s, no instance lost', async () => {
  const auth = { apikey: anonKey, Authorization: `Bearer ${await token('casual-listener')}` };
  const request = () => fetch(`${proxy}/rest/v1/user_profile?id=eq.casual-listener`, { headers: auth });
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
