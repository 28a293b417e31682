import { randomBytes } from 'node:crypto';
import { createApp, createDeps, openDatabase, readEnv } from '@heavy-rotation/server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rssMb, startBenchStack } from './bench-stack.ts';
import { atMost, type Measure, measured, missing, QUICK } from './results.ts';

const ADDRESSES = QUICK ? 50_000 : 1_000_000;
const ROWS = QUICK ? 2_000 : 20_000;
/**
 * The per-address limit's window, and a little more. A quick run does not wait it out: the purge is
 * proven by the server's tests with a one-second window (`http/rate-limit.test.ts`).
 */
const WINDOW_MS = 61_000;

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
 * On PostgreSQL (TEST_DATABASE_URL, as the tests use): `rate_limit` rows after a flood of distinct
 * addresses, and after the window has passed and one more call came.
 */
async function tableFallsBack(url: string): Promise<{ after: number; later: number | undefined }> {
  const pgSchema = `bench_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: url, pgSchema });
  try {
    const env = readEnv({
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '1',
      DATABASE_URL: url,
      SOURCE_KEY_SECRET: 'bench-source-key-secret-0123456789abcdef',
    });
    const app = createApp(await createDeps(env, { database }));
    const call = (address: string) =>
      app.request('/api/flags', { headers: { apikey: env.PUBLIC_ANON_KEY, 'X-Forwarded-For': address } });
    for (let i = 0; i < ROWS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) => call(`192.0.${((i + j) >>> 8) & 0xff}.${(i + j) & 0xff}`)),
      );
    }
    const rows = async () =>
      Number(
        (
          (await database.db.execute(sql`select count(*)::int as n from rate_limit`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const after = await rows();
    if (QUICK) return { after, later: undefined };
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    await call('198.51.100.1');
    // The purge runs beside the call that set it off.
    let later = await rows();
    for (let i = 0; i < 20 && later > 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await rows();
    }
    return { after, later };
  } finally {
    await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`));
    await database.close();
  }
}

/**
 * Per-address state stays bounded (docs/decisions/020-abuse-limits.md, "Bounded counters"): the
 * server's memory after calls from a million distinct addresses on the embedded database, and the
 * `rate_limit` table's rows on PostgreSQL during a flood and once its window has passed.
 */
export async function measureAddressFlood(): Promise<Measure[]> {
  const memoryName = `Server memory after ${ADDRESSES.toLocaleString('en-GB')} distinct client addresses (embedded database)`;
  const url = process.env.TEST_DATABASE_URL;
  const [memory, table] = await Promise.allSettled([
    floodedMemory(),
    url ? tableFallsBack(url) : Promise.reject(new Error('no PostgreSQL (TEST_DATABASE_URL)')),
  ]);
  const rowsName = `rate_limit rows after ${ROWS.toLocaleString('en-GB')} distinct addresses (PostgreSQL)`;
  const laterName = 'rate_limit rows a window later (PostgreSQL)';
  const reason = (r: PromiseRejectedResult) => String((r.reason as Error)?.message ?? r.reason);
  const idleName = 'Server memory before them';
  return [
    memory.status === 'fulfilled'
      ? measured(idleName, memory.value.idle, 'MB')
      : missing(idleName, 'MB', reason(memory)),
    memory.status === 'fulfilled'
      ? measured(memoryName, memory.value.after, 'MB', atMost(300))
      : missing(memoryName, 'MB', reason(memory), atMost(300)),
    table.status === 'fulfilled'
      ? measured(rowsName, table.value.after, 'count')
      : missing(rowsName, 'count', reason(table)),
    ...(table.status === 'fulfilled' && table.value.later === undefined
      ? []
      : [
          table.status === 'fulfilled'
            ? measured(laterName, table.value.later ?? 0, 'count', atMost(1))
            : missing(laterName, 'count', reason(table), atMost(1)),
        ]),
  ];
}
