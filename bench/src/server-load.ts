import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, ROOT } from '../../scripts/stack.ts';
import { type BenchStack, rssMb } from './bench-stack.ts';
import type { BrowserCall, CallName } from './browser-calls.ts';
import { stat } from './cluster-cpu.ts';
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

/**
 * Each call's goal as a share of the bare baseline's rate (docs: bench/README.md): the calls a listener's
 * session is made of most, then the event beacon and a cookie source's Top 40.
 */
const GOALS: Partial<Record<CallName, number>> = {
  'success lines': 0.4,
  welcome: 0.4,
  profile: 0.4,
  events: 0.25,
  'top artists (cookie)': 0.25,
};

/**
 * The web app's calls under load, each exactly as Chromium sent it (`browser-calls.ts`): the same path,
 * headers (Origin, Sec-Fetch-*, Referer, Accept-Language, User-Agent, apikey, Authorization, Cookie)
 * and body, so the server takes the path a listener's phone takes.
 */
function targets(stack: BenchStack, calls: Map<CallName, BrowserCall>): Target[] {
  const order: CallName[] = [
    'success lines',
    'welcome',
    'profile',
    'flags',
    'events',
    'top artists (cookie)',
  ];
  const out: Target[] = [];
  for (const name of order) {
    const call = calls.get(name);
    if (!call) throw new Error(`the web app made no ${name} call`);
    out.push({
      label: name,
      url: `${stack.url}${call.path}`,
      method: call.method === 'POST' ? 'POST' : 'GET',
      headers: call.headers,
      ...(call.body === undefined ? {} : { body: call.body }),
      // A listener without a profile row reads 406, as the web app expects; events answer 204.
      expected: name === 'profile' ? [200, 406] : name === 'events' ? [200, 202, 204] : [200],
    });
  }
  return out;
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

/** A process's CPU time so far in ms (/proc ticks of 10 ms); undefined when it cannot be read. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return stat(String(pid)).ticks * 10;
  } catch {
    return undefined;
  }
}

/**
 * Warms caches and JIT, then loads the target for SECONDS; checks the answers were the right ones. With
 * the serving process's pid, also its CPU time per answer and its share of one core meanwhile.
 */
async function measureTarget(
  target: Target,
  pid?: number,
): Promise<{ rps: number; p99: number; note: string; cpuUs?: number; core?: number }> {
  const first = await fetch(target.url, {
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
  });
  await first.arrayBuffer();
  if (!target.expected.includes(first.status)) throw new Error(`answers ${first.status}`);
  await load(target, WARM_UP_SECONDS);
  const [cpuBefore, started] = [cpuMs(pid), performance.now()];
  const result = await load(target, SECONDS);
  const [cpuAfter, ended] = [cpuMs(pid), performance.now()];
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
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    note: `${total} requests, status ${statuses}`,
    ...(cpu === undefined || total === 0
      ? {}
      : { cpuUs: (cpu * 1000) / total, core: Math.round((cpu / (ended - started)) * 100) }),
  };
}

/** Autocannon against the real server and a bare Hono baseline, one after the other. */
export async function measureServerLoad(
  stack: BenchStack,
  calls: Map<CallName, BrowserCall>,
): Promise<Measure[]> {
  const out: Measure[] = [];
  const baseline = await startBaseline();
  let base: Awaited<ReturnType<typeof measureTarget>>;
  try {
    base = await measureTarget({ label: 'baseline', url: baseline.url, expected: [200] }, baseline.child.pid);
  } finally {
    baseline.child.kill('SIGTERM');
  }
  out.push(measured('Server baseline (bare Hono): req/s', Math.round(base.rps), 'req/s'));
  out.push(cpuPerRequest('Server baseline (bare Hono): CPU per request', base));
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
  for (const target of targets(stack, calls)) {
    const name = (metric: string) => `Server ${target.label}: ${metric}`;
    const goal = GOALS[target.label as CallName];
    try {
      const r = await measureTarget(target, stack.serverPid);
      out.push(measured(name('req/s'), Math.round(r.rps), 'req/s', undefined, r.note));
      out.push(cpuPerRequest(name('CPU per request'), r));
      const p99Ratio =
        base.p99 >= 1 ? `${(r.p99 / base.p99).toFixed(1)}× the baseline's` : 'baseline under 1 ms';
      out.push(measured(name('p99 latency'), r.p99, 'ms', goal ? atMost(25) : undefined, p99Ratio));
      out.push(
        measured(
          name('ratio to baseline'),
          Math.round((r.rps / base.rps) * 100) / 100,
          'ratio',
          goal ? atLeast(goal) : undefined,
        ),
      );
    } catch (error) {
      out.push(missing(name('req/s'), 'req/s', reasonOf(error)));
      out.push(
        missing(name('ratio to baseline'), 'ratio', reasonOf(error), goal ? atLeast(goal) : undefined),
      );
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

/**
 * The serving process's CPU per answer, and how busy it was: a process well below one core was not what
 * limited the rate; the load generator, in the bench's own process, was.
 */
function cpuPerRequest(name: string, r: { cpuUs?: number; core?: number }): Measure {
  return r.cpuUs === undefined
    ? missing(name, 'µs', 'the process time could not be read')
    : measured(
        name,
        Math.round(r.cpuUs * 10) / 10,
        'µs',
        undefined,
        `the process used ${r.core} % of one core`,
      );
}
