import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, ROOT } from '../../scripts/stack.ts';
import { type BenchStack, rssMb } from './bench-stack.ts';
import { demoListener } from './demo-listener.ts';
import { atLeast, atMost, type Measure, measured, missing, QUICK, reasonOf } from './results.ts';

const SECONDS = QUICK ? 2 : 10;
const WARM_UP_SECONDS = QUICK ? 1 : 2;
const CONNECTIONS = 10;

interface Target {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Statuses that count as a correct answer (a profile read may rightly answer 406 when none exists). */
  expected: number[];
}

async function startBaseline(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/src/baseline-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await fetch(url).catch(() => undefined))?.ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('baseline server did not start');
}

/** The API calls under load, each prepared so the server answers from its caches. */
async function targets(stack: BenchStack): Promise<Target[]> {
  const config = (await (await fetch(`${stack.url}/app-config.json`)).json()) as { anonKey?: unknown };
  const anonKey = typeof config.anonKey === 'string' ? config.anonKey : '';
  const { token, names } = await demoListener(stack.emulatorUrl);
  const user = { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  // A profile row to read (best effort: without it the read answers 406, still a cached-token read): the
  // number is kept once the code texted to it through the local SMS provider comes back.
  await fetch(`${stack.url}/functions/v1/sms-subscribe`, {
    method: 'POST',
    headers: user,
    body: JSON.stringify({ spotifyUserId: 'demo-listener', phone: '+14155552671' }),
  })
    .then(async () => {
      const texts = await fetch(`${stack.emulatorUrl}/twilio/_emulator/messages?to=%2B14155552671`);
      const { messages } = (await texts.json()) as { messages: { body: string }[] };
      const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1] ?? '';
      await fetch(`${stack.url}/functions/v1/sms-confirm`, {
        method: 'POST',
        headers: user,
        body: JSON.stringify({ code }),
      });
    })
    .catch(() => undefined);
  const messages = JSON.stringify({ artistNames: names.slice(0, 10) });
  return [
    { label: '/app-config.json', url: `${stack.url}/app-config.json`, expected: [200] },
    { label: '/api/flags', url: `${stack.url}/api/flags`, headers: { apikey: anonKey }, expected: [200] },
    {
      label: 'generate-success-message (cached)',
      url: `${stack.url}/functions/v1/generate-success-message`,
      method: 'POST',
      headers: user,
      body: messages,
      expected: [200],
    },
    {
      label: 'user_profile (cached token)',
      url: `${stack.url}/rest/v1/user_profile?id=eq.demo-listener&select=*`,
      headers: user,
      expected: [200, 406],
    },
  ];
}

async function load(target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
  });
}

/** Warms caches and JIT, then loads the target for SECONDS; checks the answers were the right ones. */
async function measureTarget(target: Target): Promise<{ rps: number; p99: number; note: string }> {
  const first = await fetch(target.url, {
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
  });
  await first.arrayBuffer();
  if (!target.expected.includes(first.status)) throw new Error(`answers ${first.status}`);
  await load(target, WARM_UP_SECONDS);
  const result = await load(target, SECONDS);
  const total = result.requests.total;
  const counts = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [
    Number(code),
    s.count ?? 0,
  ]);
  const wrong = counts.filter(([code]) => !target.expected.includes(code as number));
  const wrongCount = wrong.reduce((sum, [, n]) => sum + (n as number), 0) + result.errors + result.timeouts;
  if (wrongCount > total * 0.01) {
    throw new Error(
      `${wrongCount} of ${total} answers wrong (${wrong.map(([c, n]) => `${c}×${n}`).join(', ')})`,
    );
  }
  const statuses = counts.map(([c]) => c).join('/');
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    note: `${total} requests, status ${statuses}`,
  };
}

/** Autocannon against the real server and a bare Hono baseline, one after the other. */
export async function measureServerLoad(stack: BenchStack): Promise<Measure[]> {
  const out: Measure[] = [];
  const baseline = await startBaseline();
  let base: { rps: number; p99: number };
  try {
    base = await measureTarget({ label: 'baseline', url: baseline.url, expected: [200] });
  } finally {
    baseline.child.kill('SIGTERM');
  }
  out.push(measured('Server baseline (bare Hono): req/s', Math.round(base.rps), 'req/s'));
  out.push(
    measured(
      'Server baseline (bare Hono): p99 latency',
      base.p99,
      'ms',
      undefined,
      'autocannon counts whole ms',
    ),
  );
  const idle = stack.serverPid ? await rssMb(stack.serverPid) : undefined;
  for (const target of await targets(stack)) {
    const name = (metric: string) => `Server ${target.label}: ${metric}`;
    try {
      const r = await measureTarget(target);
      out.push(measured(name('req/s'), Math.round(r.rps), 'req/s', undefined, r.note));
      const p99Ratio =
        base.p99 >= 1 ? `${(r.p99 / base.p99).toFixed(1)}× the baseline's` : 'baseline under 1 ms';
      out.push(measured(name('p99 latency'), r.p99, 'ms', atMost(25), p99Ratio));
      out.push(
        measured(
          name('ratio to baseline'),
          Math.round((r.rps / base.rps) * 100) / 100,
          'ratio',
          atLeast(0.5),
        ),
      );
    } catch (error) {
      out.push(missing(name('req/s'), 'req/s', reasonOf(error)));
      out.push(missing(name('ratio to baseline'), 'ratio', reasonOf(error), atLeast(0.5)));
    }
  }
  const after = stack.serverPid ? await rssMb(stack.serverPid) : undefined;
  out.push(
    after === undefined
      ? missing('Server RSS after the load', 'MB', 'server process not found', atMost(300))
      : measured(
          'Server RSS after the load',
          after,
          'MB',
          atMost(300),
          idle ? `${idle} MB before` : undefined,
        ),
  );
  return out;
}
