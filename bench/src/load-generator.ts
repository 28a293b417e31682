import { Agent, type OutgoingHttpHeaders, request } from 'node:http';

/**
 * The cluster run's load generator (bench/README.md, "Cluster"): virtual clients, each on an address of
 * its own in 127/8 (Linux delivers all of it on the loopback), with a browser's keep-alive connections,
 * sending whole sessions at a fixed rate. node:http, not fetch: as fast as they go (20 calls at a time
 * from 100 addresses, a browser's headers), fetch spent 365-480 µs of CPU per call, undici's request
 * 80 µs and node:http 48-76 µs, and the generator shares 2 cores with everything it measures.
 */

export interface Target {
  host: string;
  port: number;
}

/** One call: its name (for its own p99), what it sends, and the statuses that are right. */
export interface Call {
  name: string;
  method: string;
  path: string;
  /** With its content-length when it has a body. */
  headers: OutgoingHttpHeaders;
  body?: Buffer;
  expected: readonly number[];
}

export interface Answer {
  /** 0 when no answer came (a connection error, a timeout). */
  status: number;
  ms: number;
  setCookie: string[];
  error?: string;
}

/** A call's headers and body, with the body's length. */
export function withBody(headers: OutgoingHttpHeaders, body?: string): Pick<Call, 'headers' | 'body'> {
  if (body === undefined) return { headers };
  const bytes = Buffer.from(body);
  return { headers: { ...headers, 'content-length': bytes.length }, body: bytes };
}

/** The n-th distinct client address: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1, nor .0 or .255). */
export function clientAddress(n: number): string {
  const block = Math.floor(n / 250);
  return `127.${1 + Math.floor(block / 256)}.${block % 256}.${1 + (n % 250)}`;
}

/**
 * A browser's connections from one address: kept alive, at most 6 at a time to one origin. An idle one
 * is closed after 2 s, well before HAProxy's `timeout http-keep-alive` (4 s, cluster/haproxy.cfg) closes
 * it: a browser resends a request that met a connection the proxy had just closed, this generator does
 * not (a failure is a failure), so it never sends on one the proxy may be closing.
 */
export function clientAgent(localAddress: string): Agent {
  return new Agent({ keepAlive: true, maxSockets: 6, timeout: 2_000, scheduling: 'lifo', localAddress });
}

/** Sends one call; never rejects: a failure is an answer with status 0. */
export function send(agent: Agent, target: Target, call: Call): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.host,
        port: target.port,
        method: call.method,
        path: call.path,
        headers: call.headers,
        agent,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', (error) => resolve(failed(started, error)));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (error) => resolve(failed(started, error)));
    req.end(call.body);
  });
}

const failed = (started: number, error: Error): Answer => ({
  status: 0,
  ms: performance.now() - started,
  setCookie: [],
  error: error.message,
});

export interface Session {
  agent: Agent;
  calls: Call[];
}

/** What a run saw: every call's time by name, the statuses, and how late the generator started sessions. */
export interface Tally {
  latencies: Map<string, number[]>;
  /** The time of every call not refused 429, ms. */
  answeredMs: number[];
  statuses: Map<number, number>;
  /** Answers not among a call's expected ones, 429 aside. */
  wrong: number;
  /** Answers 429 (a limit refused the call). */
  refused: number;
  sessions: number;
  calls: number;
  /** The first few wrong answers, e.g. "events: 503". */
  examples: string[];
  /** The latest a session started after its time, ms: the generator falling behind shows here. */
  maxLagMs: number;
  /** The generator's own CPU time (this process), µs per call. */
  cpuPerCallUs: number;
}

async function runSession(session: Session, target: Target, tally: Tally): Promise<void> {
  for (const call of session.calls) {
    const answer = await send(session.agent, target, call);
    tally.calls += 1;
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 429) tally.refused += 1;
    else tally.answeredMs.push(answer.ms);
    if (answer.status !== 429 && !call.expected.includes(answer.status)) {
      tally.wrong += 1;
      if (tally.examples.length < 5) tally.examples.push(`${call.name}: ${answer.error ?? answer.status}`);
    }
    const list = tally.latencies.get(call.name);
    if (list) list.push(answer.ms);
    else tally.latencies.set(call.name, [answer.ms]);
  }
}

/**
 * Starts `rate` sessions a second for `seconds`, each `next()`, on schedule whatever the answers take
 * (open loop: a slow answer does not slow the arrivals), then waits for every session to end.
 */
export async function openLoop(
  next: () => Session,
  target: Target,
  rate: number,
  seconds: number,
): Promise<Tally> {
  const tally: Tally = {
    latencies: new Map(),
    answeredMs: [],
    statuses: new Map(),
    wrong: 0,
    refused: 0,
    sessions: Math.round(rate * seconds),
    calls: 0,
    examples: [],
    maxLagMs: 0,
    cpuPerCallUs: 0,
  };
  const cpu = process.cpuUsage();
  const running: Promise<void>[] = [];
  const started = performance.now();
  const dueAt = (i: number) => started + (i * 1000) / rate;
  while (running.length < tally.sessions) {
    const now = performance.now();
    // Every session whose time has come, late ones at once.
    while (running.length < tally.sessions && dueAt(running.length) <= now) {
      tally.maxLagMs = Math.max(tally.maxLagMs, now - dueAt(running.length));
      running.push(runSession(next(), target, tally));
    }
    const wait = dueAt(running.length) - performance.now();
    if (running.length < tally.sessions && wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(running);
  const used = process.cpuUsage(cpu);
  tally.cpuPerCallUs = (used.user + used.system) / Math.max(1, tally.calls);
  return tally;
}

/** The 99th percentile (nearest rank), ms. */
export function p99(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** Every call's time of a run, whatever its name. */
export const allCalls = (tally: Tally): number[] => [...tally.latencies.values()].flat();

/** Runs `work` on every item, `width` at a time (a new one as soon as one ends). */
export async function pooled<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}
