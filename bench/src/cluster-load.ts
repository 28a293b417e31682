import { demoSources } from '@heavy-rotation/emulator';
import { type Cluster, startCluster } from '../../cluster/start.ts';
import type { BrowserCall, CallName } from './browser-calls.ts';
import { atMost, type Measure, measured, missing, QUICK } from './results.ts';

/**
 * The production-shaped run (bench/README.md): two built instances behind HAProxy on PostgreSQL, started
 * as `npm run test:cluster` starts them (cluster/start.ts), loaded with whole listener sessions.
 */

/** Limits raised as for the single server (bench-stack.ts): the load comes from one address. */
const CLUSTER_ENV: Record<string, string> = {
  RATE_LIMIT_IP_PER_MINUTE: '1000000000',
  RATE_LIMIT_USER_PER_MINUTE: '1000000000',
  RATE_LIMIT_GUEST_PER_MINUTE: '1000000000',
  // Hundreds of listeners' new tokens, all from the bench's one address.
  RATE_LIMIT_IDENTITY_PER_MINUTE: '1000000000',
  // The cookie sources' sign-ins, made before the load.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000000',
  LLM_DAILY_CAP: '1000000000',
  LOG_LEVEL: 'warn',
};
const LISTENERS = QUICK ? 20 : 200;
const COOKIE_SESSIONS = QUICK ? 2 : 20;
/** Sessions started per second, step by step, until p99 passes the limit. */
const RATES = QUICK ? [2] : [2, 4, 8, 12, 16, 24, 32, 48, 64];
const STEP_SECONDS = QUICK ? 2 : 6;
const HOLD_SECONDS = QUICK ? 2 : 10;
const P99_LIMIT_MS = 50;

/** One call of a session: its name (for its own p99), what it sends, and the answers that are right. */
interface SessionCall {
  name: string;
  url: string;
  init: RequestInit;
  expected: number[];
}

interface Listener {
  token: string;
  cookie: string;
}

/** A browser call's headers for another origin, without its listener's token and cookie. */
function shaped(call: BrowserCall, origin: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (name === 'cookie' || name === 'authorization') continue;
    headers[name] =
      name === 'origin' ? origin : name === 'referer' ? new URL(new URL(value).pathname, origin).href : value;
  }
  return headers;
}

/**
 * A listener's whole session as the web app makes it: the configuration, the flags, the welcome, four
 * batches of success lines, the profile, an event, and the top artists of a cookie source (a ListenBrainz
 * listener's session cookie).
 */
function sessionOf(calls: Map<CallName, BrowserCall>, origin: string, listener: Listener): SessionCall[] {
  const get = (name: CallName) => {
    const call = calls.get(name);
    if (!call) throw new Error(`the web app made no ${name} call`);
    return call;
  };
  const bearer = { authorization: `Bearer ${listener.token}` };
  const success = get('success lines');
  const batches = JSON.parse(success.body ?? '{}') as { artistNames?: string[] };
  const names = batches.artistNames ?? [];
  const out: SessionCall[] = [];
  const add = (name: string, call: BrowserCall, extra: Record<string, string>, body?: string, ok = [200]) =>
    out.push({
      name,
      url: `${origin}${call.path}`,
      init: {
        method: call.method,
        headers: { ...shaped(call, origin), ...extra },
        ...(body === undefined ? {} : { body }),
      },
      expected: ok,
    });
  const flags = get('flags');
  add('config', { ...flags, path: '/app-config.json', headers: { ...flags.headers } }, {});
  add('flags', flags, {});
  add('welcome', get('welcome'), bearer, get('welcome').body);
  // Four batches of ten, as the quiz asks for them; each batch its own names.
  for (let batch = 0; batch < 4; batch++) {
    const batchNames = names.map((n) => `${n} ${batch}`);
    add('success lines', success, bearer, JSON.stringify({ artistNames: batchNames }));
  }
  add('profile', get('profile'), bearer, undefined, [200, 406]);
  add('events', get('events'), {}, get('events').body, [200, 202, 204]);
  add('top artists (cookie)', get('top artists (cookie)'), { cookie: listener.cookie });
  return out;
}

/** A ListenBrainz listener's session cookie, from the server's own sign-in call. */
async function cookieSession(cluster: Cluster): Promise<string> {
  const res = await fetch(`${cluster.proxy}/auth/listenbrainz/session`, {
    method: 'POST',
    headers: { apikey: cluster.anonKey, 'Content-Type': 'application/json', Origin: cluster.proxy },
    body: JSON.stringify({ token: demoSources.listenbrainz[0]?.token ?? '' }),
  });
  await res.arrayBuffer();
  const cookie = /hr_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (!res.ok || !cookie) throw new Error(`ListenBrainz sign-in answered ${res.status}`);
  return cookie;
}

interface StepResult {
  latencies: Map<string, number[]>;
  errors: number;
  sessions: number;
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** Starts `rate` sessions a second for `seconds` (open loop: a slow answer does not slow the arrivals). */
async function run(sessions: SessionCall[][], rate: number, seconds: number): Promise<StepResult> {
  const latencies = new Map<string, number[]>();
  let errors = 0;
  const running: Promise<void>[] = [];
  const started = performance.now();
  let next = 0;
  for (let i = 0; i < rate * seconds; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const session = sessions[next++ % sessions.length] ?? [];
    running.push(
      (async () => {
        for (const call of session) {
          const t0 = performance.now();
          try {
            const res = await fetch(call.url, call.init);
            await res.arrayBuffer();
            if (!call.expected.includes(res.status)) errors += 1;
          } catch {
            errors += 1;
          }
          const list = latencies.get(call.name) ?? [];
          list.push(performance.now() - t0);
          latencies.set(call.name, list);
        }
      })(),
    );
  }
  await Promise.all(running);
  return { latencies, errors, sessions: rate * seconds };
}

export async function measureClusterLoad(calls: Map<CallName, BrowserCall>): Promise<Measure[]> {
  const cluster = await startCluster(CLUSTER_ENV);
  try {
    const cookies: string[] = [];
    for (let i = 0; i < COOKIE_SESSIONS; i++) cookies.push(await cookieSession(cluster));
    const sessions: SessionCall[][] = [];
    for (let i = 0; i < LISTENERS; i++) {
      const listener = { token: await cluster.token(), cookie: cookies[i % cookies.length] ?? '' };
      sessions.push(sessionOf(calls, cluster.proxy, listener));
    }
    // Warm-up: every listener's token verified once, the lines stored, as after a while in production.
    await run(sessions, Math.min(LISTENERS, 20), LISTENERS / Math.min(LISTENERS, 20));
    let knee: number | undefined;
    let last = { rate: 0, p99: 0 };
    for (const rate of RATES) {
      const step = await run(sessions, rate, STEP_SECONDS);
      const all = p99([...step.latencies.values()].flat());
      last = { rate, p99: all };
      if (all > P99_LIMIT_MS || step.errors > 0) {
        knee = rate;
        break;
      }
    }
    const out: Measure[] = [];
    const kneeNote = knee
      ? `p99 of all calls ${Math.round(last.p99)} ms at ${knee} sessions/s (steps ${RATES.join(', ')}, ${STEP_SECONDS} s each)`
      : `p99 ${Math.round(last.p99)} ms at the highest step; steps ${RATES.join(', ')}`;
    out.push(
      knee === undefined
        ? measured(
            'Cluster: sessions/s where p99 passes 50 ms',
            last.rate,
            'count',
            undefined,
            `not reached: ${kneeNote}`,
          )
        : measured('Cluster: sessions/s where p99 passes 50 ms', knee, 'count', undefined, kneeNote),
    );
    const hold = Math.max(1, Math.round((knee ?? last.rate) * 0.8));
    const held = await run(sessions, hold, HOLD_SECONDS);
    for (const [name, values] of held.latencies) {
      out.push(
        measured(
          `Cluster at ${hold} sessions/s (80 %): ${name} p99`,
          Math.round(p99(values) * 10) / 10,
          'ms',
          atMost(P99_LIMIT_MS),
          `${values.length} calls`,
        ),
      );
    }
    out.push(
      measured(
        `Cluster at ${hold} sessions/s (80 %): errors`,
        held.errors,
        'count',
        atMost(0),
        `${held.sessions} sessions of 10 calls`,
      ),
    );
    const memory = cluster.memoryMb();
    memory.forEach((mb, i) => {
      out.push(
        mb === undefined
          ? missing(`Cluster: instance ${i + 1} RSS after the load`, 'MB', 'process not found')
          : measured(`Cluster: instance ${i + 1} RSS after the load`, mb, 'MB', atMost(300)),
      );
    });
    return out;
  } finally {
    await cluster.stop();
  }
}
