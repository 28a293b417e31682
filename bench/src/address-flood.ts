import { randomBytes } from 'node:crypto';
import { countersFromEnv, createApp, createDeps, openDatabase, readEnv } from '@heavy-rotation/server';
import autocannon from 'autocannon';
import { rssMb, startBenchStack } from './bench-stack.ts';
import { atMost, type Measure, measured, missing, QUICK } from './results.ts';

const ADDRESSES = QUICK ? 50_000 : 1_000_000;
const ROWS = QUICK ? 2_000 : 20_000;

/**
 * The built server's resident memory after calls from `ADDRESSES` distinct client addresses (behind one
 * trusted proxy, each call from the next IPv4 address), on the embedded database, in MB.
 */
async function floodedMemory(): Promise<{ idle: number; after: number }> {
  const stack = await startBenchStack({ TRUST_PROXY: '1', RATE_LIMIT_IP_PER_MINUTE: '600' });
  try {
    if (!stack.serverPid) throw new Error('server process not found');
    const config = (await (await fetch(`${stack.url}/app-config.json`)).json()) as { anonKey?: string };
    const idle = await rssMb(stack.serverPid);
    let next = 0;
    const address = () => {
      const i = next++;
      return `${10 + ((i >>> 24) & 0x7f)}.${(i >>> 16) & 0xff}.${(i >>> 8) & 0xff}.${i & 0xff}`;
    };
    const result = await autocannon({
      url: `${stack.url}/api/flags`,
      connections: 20,
      amount: ADDRESSES,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, apikey: config.anonKey ?? '', 'x-forwarded-for': address() },
          }),
        },
      ],
    });
    const ok = result['2xx'];
    if (ok < ADDRESSES * 0.99) throw new Error(`only ${ok} of ${ADDRESSES} calls answered 2xx`);
    const after = await rssMb(stack.serverPid);
    if (idle === undefined || after === undefined) throw new Error('server memory unreadable');
    return { idle, after };
  } finally {
    await stack.stop();
  }
}

/**
 * With Redis (REDIS_URL, else the machine's at 127.0.0.1:6379), as instances on PostgreSQL count: the
 * counters after a flood of distinct addresses, and how many of them would outlive their window (every
 * counter is written with its expiry, so Redis lets each go by itself).
 */
async function redisFlood(url: string): Promise<{ keys: number; unexpiring: number }> {
  const prefix = `bench_${randomBytes(6).toString('hex')}:`;
  const env = readEnv({ LOG_LEVEL: 'silent', TRUST_PROXY: '1', REDIS_URL: url });
  const counters = await countersFromEnv(env, () => undefined, prefix);
  const redis = counters.redis;
  if (redis?.status !== 'ready') throw new Error(`Redis at ${url} is not reachable`);
  const deps = await createDeps(env, { database: await openDatabase({}), counters });
  try {
    const app = createApp(deps);
    const call = (address: string) =>
      app.request('/api/flags', { headers: { apikey: env.PUBLIC_ANON_KEY, 'X-Forwarded-For': address } });
    for (let i = 0; i < ROWS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => call(`192.0.${((i + j) >>> 8) & 0xff}.${(i + j) & 0xff}`)),
      );
    }
    // Keys are read without the client's prefix option: SCAN matches the stored names.
    const names: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      names.push(...batch);
    } while (cursor !== '0');
    let unexpiring = 0;
    for (const name of names) {
      if ((await redis.pttl(name.slice(prefix.length))) < 0) unexpiring += 1;
    }
    return { keys: names.length, unexpiring };
  } finally {
    await deps.database.close();
    await counters.close();
  }
}

/**
 * Per-address state stays bounded (docs/decisions/020-abuse-limits.md, "Bounded counters"): the
 * server's memory after calls from a million distinct addresses on the embedded database, and the
 * counters in Redis after a flood, each of which expires with its window.
 */
export async function measureAddressFlood(): Promise<Measure[]> {
  const memoryName = `Server memory after ${ADDRESSES.toLocaleString('en-GB')} distinct client addresses (embedded database)`;
  const url = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const [memory, redis] = await Promise.allSettled([floodedMemory(), redisFlood(url)]);
  const keysName = `Redis counters after ${ROWS.toLocaleString('en-GB')} distinct addresses`;
  const unexpiringName = 'Redis counters without an expiry';
  const reason = (r: PromiseRejectedResult) => String((r.reason as Error)?.message ?? r.reason);
  const idleName = 'Server memory before them';
  return [
    memory.status === 'fulfilled'
      ? measured(idleName, memory.value.idle, 'MB')
      : missing(idleName, 'MB', reason(memory)),
    memory.status === 'fulfilled'
      ? measured(memoryName, memory.value.after, 'MB', atMost(300))
      : missing(memoryName, 'MB', reason(memory), atMost(300)),
    redis.status === 'fulfilled'
      ? measured(keysName, redis.value.keys, 'count')
      : missing(keysName, 'count', reason(redis)),
    redis.status === 'fulfilled'
      ? measured(unexpiringName, redis.value.unexpiring, 'count', atMost(0))
      : missing(unexpiringName, 'count', reason(redis), atMost(0)),
  ];
}
