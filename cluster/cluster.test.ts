// Several instances on one PostgreSQL behind a real proxy (docs/deploy.md), as `./start.ts` starts them.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Cluster, startCluster, until } from './start.ts';

const figures: string[] = [];
const USER_LIMIT = 600;
let c: Cluster;

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

beforeAll(async () => {
  c = await startCluster({
    RATE_LIMIT_IP_PER_MINUTE: '100000',
    // Each test below is one listener; the limit test's listener goes past it.
    RATE_LIMIT_USER_PER_MINUTE: String(USER_LIMIT),
    RATE_LIMIT_WAITLIST_PER_HOUR: '20',
    RATE_LIMIT_GUEST_PER_MINUTE: '20',
  });
  figures.push('two instances started at once on an empty database: both ready');
}, 300_000);

afterAll(async () => {
  console.log(`\nCluster figures:\n- ${figures.join('\n- ')}\n`);
  await c?.stop();
});

test('an instance stopped and started again under load: every request is answered', async () => {
  const auth = { apikey: c.anonKey, Authorization: `Bearer ${await c.token()}` };
  const request = () => fetch(`${c.proxy}/rest/v1/user_profile?id=eq.demo-listener`, { headers: auth });
  const running = load(request, 8, 60);
  await new Promise((r) => setTimeout(r, 2000));
  const shutdownMs = await c.restartInstance(0);
  figures.push(`SIGTERM under load: instance stopped in ${shutdownMs} ms`);
  const counts = await running;
  const sent = [...counts.values()].reduce((a, b) => a + b, 0);
  const failed = sent - (counts.get(406) ?? 0);
  figures.push(
    `rolling restart: ${sent} requests through the c.proxy, ${failed} failed (${describe(counts)})`,
  );
  // Every request got an answer from an instance: none was dropped by the stop or the c.proxy, and none
  // failed with an error; a busy machine may answer some with 503 and Retry-After, which clients retry.
  expect((counts.get(0) ?? 0) + (counts.get(502) ?? 0) + (counts.get(500) ?? 0)).toBe(0);
  expect(failed).toBe(counts.get(503) ?? 0);
  expect(shutdownMs).toBeLessThan(6000);
});

test('the waitlist limit counts once across both instances, and a spoofed X-Forwarded-For evades nothing', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${c.proxy}/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: c.proxy,
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
  const auth = { apikey: c.anonKey, Authorization: `Bearer ${await c.token('new-listener')}` };
  const statuses = new Map<number, number>();
  // 100 over the listener's limit, 20 at a time, spread over both instances by the proxy.
  const ids = Array.from({ length: USER_LIMIT + 100 }, (_, i) => i);
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(
      ids.slice(i, i + 20).map(async () => {
        const res = await fetch(`${c.proxy}/rest/v1/user_profile?id=eq.new-listener`, { headers: auth });
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
    const res = await fetch(`${c.proxy}/functions/v1/generate-success-message`, {
      method: 'POST',
      headers: { apikey: c.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i}` },
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
  const oldHtml = await (await fetch(`${c.proxy}/`)).text();
  // The old tab knows the entry and every lazy screen of its build.
  const oldFiles = [
    ...new Set([...assetsOf(oldHtml), ...readdirSync(join(c.webDist, 'assets')).map((f) => `/assets/${f}`)]),
  ].filter((f) => /\.(js|css)$/.test(f));
  expect(oldFiles.length).toBeGreaterThan(5);
  const oldEntry = assetsOf(oldHtml).find((f) => f.endsWith('.js')) ?? '';

  // The new build is written beside the old one (its files have new hashes; old ones are kept).
  const newEntry = oldEntry.replace(/-([\w]+)\.js$/, '-next$1.js');
  cpSync(join(c.webDist, oldEntry), join(c.webDist, newEntry));
  // Its pages name the new entry: the shell, and the pages of the screens a visit most often opens on,
  // in every language (dist/pages/<language>/).
  const pages = [
    'index.html',
    ...readdirSync(join(c.webDist, 'pages'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html'))
      .map((f) => join('pages', f)),
  ];
  for (const page of pages) {
    const html = readFileSync(join(c.webDist, page), 'utf8');
    writeFileSync(join(c.webDist, page), html.replaceAll(oldEntry, newEntry));
  }

  const oldTab = load(
    () => fetch(`${c.proxy}${oldFiles[Math.floor(Math.random() * oldFiles.length)]}`),
    6,
    30,
  );
  for (const index of [0, 1]) await c.restartInstance(index);
  const counts = await oldTab;
  figures.push(`deploy with a rolling restart: the old tab's files ${describe(counts)}`);
  expect([...counts.keys()]).toEqual([200]);
  const served = await (await fetch(`${c.proxy}/`)).text();
  expect(served).toContain(newEntry);
  expect((await fetch(`${c.proxy}${oldEntry}`)).status).toBe(200);
});

test('PostgreSQL restarted under load: 503 meanwhile, service back within 5 s, no instance lost', async () => {
  const auth = { apikey: c.anonKey, Authorization: `Bearer ${await c.token('casual-listener')}` };
  const request = () => fetch(`${c.proxy}/rest/v1/user_profile?id=eq.casual-listener`, { headers: auth });
  const running = load(request, 10, 50);
  await new Promise((r) => setTimeout(r, 1500));
  c.pg('pg_ctl', ['-D', c.pgData, '-m', 'fast', 'stop']);
  await new Promise((r) => setTimeout(r, 1500));
  c.startPostgres();
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
  for (const instance of c.instances) expect(instance.child.exitCode).toBeNull();
  figures.push(
    `memory per instance after the load: ${c
      .memoryMb()
      .map((mb) => `${mb ?? '?'} MB`)
      .join(', ')}`,
  );
});
