import * as admin from '@heavy-rotation/contracts/admin';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { smsVerification } from '../db/schema.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN_TOKEN, everyCaller, nth, smsCalls } from './testing.ts';

// Texts on our bill (docs/decisions/020-abuse-limits.md, "Texts on our bill"): what an attacker with
// free listener identities and a few addresses gets out of sms-subscribe.

/** Codes texted, confirmed and refused for the kind of number, as the console's stats count them. */
async function totals(operator: (path: string) => Promise<Response>) {
  const stats = await read(operator('/stats?days=7'), admin.statsReply);
  const total = (key: string) => (stats.series[key] ?? []).reduce((x, y) => x + y, 0);
  return {
    sent: total('sms_code_sent'),
    confirmed: total('sms_code_confirmed'),
    refused: total('sms_code_refused:number'),
  };
}

describe.each(DATABASES)('on %s', (kind) => {
  let clock = Date.now();
  const opened: TestServer[] = [];
  // Each test counts on fresh budgets. On the embedded database a new app counts afresh in its own
  // memory, so the tests share one database (opening one costs seconds); on PostgreSQL the counters
  // live in Redis under the database's name, so each test opens one of its own.
  let base: TestServer;
  beforeAll(async () => {
    base = await startTestServer(kind);
  });
  afterAll(() => base.close());
  const server = async (vars: Record<string, string> = {}, database?: TestServer['database']) => {
    const on = database ?? (kind === 'pglite' ? base.database : undefined);
    const s = await startTestServer(
      kind,
      { TRUST_PROXY: '1', ADMIN_TOKEN, ...vars },
      { now: () => clock, ...(on ? { database: on } : {}) },
    );
    opened.unshift(s);
    return s;
  };
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });
  const later = (seconds: number) => {
    clock += seconds * 1000;
  };
  const texts = (s: TestServer, to?: string) => smsCalls(s).texts(to);
  const answer = async (res: Response) => ({
    status: res.status,
    retryAfter: Number(res.headers.get('Retry-After') ?? 0),
    body: (await res.json()) as { error?: string; reason?: string },
  });

  test('numbers outside the countries served, and numbers no person carries, get no code', async () => {
    const s = await server();
    const attacker = nth(await everyCaller(s), 0);
    const refused = [
      ['+449098790000', 'country_not_served', "We can't text numbers in this country yet (United Kingdom)."],
      ['+998901234567', 'country_not_served', "We can't text numbers in this country yet (Uzbekistan)."],
      ['+998901234568', 'country_not_served', "We can't text numbers in this country yet (Uzbekistan)."],
      // +1 is shared: Jamaica's numbers are not the United States'.
      ['+18765550123', 'country_not_served', "We can't text numbers in this country yet (Jamaica)."],
      ['+19005550123', 'number_type', "That number can't get our texts. Use a mobile number."],
      ['+18885550123', 'number_type', "That number can't get our texts. Use a mobile number."],
    ] as const;
    for (const [phone, reason, error] of refused) {
      const res = await answer(await attacker.subscribe(phone, '203.0.113.7'));
      expect(res, phone).toMatchObject({ status: 400, body: { error, reason } });
    }
    expect(await texts(s)).toEqual([]);
    expect(
      await s.database.db.select().from(smsVerification).where(eq(smsVerification.userId, attacker.id)),
    ).toEqual([]);

    // An operator who serves Great Britain too: its mobiles get codes, its premium-rate numbers never.
    const uk = await server({ SMS_COUNTRIES: 'US,CA,GB' }, s.database);
    const listener = nth(await everyCaller(uk), 0);
    later(31);
    expect((await answer(await listener.subscribe('+449098790000', '203.0.113.8'))).body.reason).toBe(
      'number_type',
    );
    expect((await listener.subscribe('+447400123456', '203.0.113.8')).status).toBe(200);
    expect((await texts(uk)).map((t) => t.to)).toEqual(['+447400123456']);
  });

  test('one address with five free listener identities gets ten codes an hour, not one more', async () => {
    const s = await server();
    const all = await everyCaller(s);
    const statuses: number[] = [];
    // Every number in an area of its own, so only the address is shared.
    const areas = ['201', '202', '203', '205', '206', '207', '208', '209', '210', '212', '213'];
    for (const [i, area] of areas.entries()) {
      if (i % all.length === 0) later(31);
      statuses.push((await nth(all, i).subscribe(`+1${area}5550123`, '203.0.113.7')).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await texts(s)).toHaveLength(10);
    // Another address is another budget.
    expect((await nth(all, 1).subscribe('+12145550123', '203.0.113.99')).status).toBe(200);
  });

  test('a block of a thousand numbers shares ten codes a day, whoever asks and from wherever', async () => {
    const s = await server();
    const all = await everyCaller(s);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      if (i % all.length === 0) later(31);
      const number = `+1202555${String(100 + i).padStart(4, '0')}`;
      statuses.push((await nth(all, i).subscribe(number, `203.0.113.${i + 1}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // The next block is another budget.
    expect((await nth(all, 1).subscribe('+12025551100', '203.0.113.50')).status).toBe(200);
  });

  test("a stranger's phone gets five codes a day, however many listeners and addresses ask", async () => {
    const s = await server();
    const all = await everyCaller(s);
    const number = '+14155552673';
    const results = [];
    for (let i = 0; i < 6; i++) {
      if (i % all.length === 0) later(31);
      results.push(await answer(await nth(all, i).subscribe(number, `203.0.113.${i + 1}`)));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // Not an hour's wait: the number's budget is the day's.
    expect(results[5]?.retryAfter).toBeGreaterThan(23 * 3600);
    expect(await texts(s, number)).toHaveLength(5);
  });

  test('past the daily budget for everybody, texts pause on every instance with a clear answer', async () => {
    const vars = { SMS_CODES_PER_DAY: '3' };
    const first = await server(vars);
    // Two instances on one PostgreSQL count as one; the embedded database is one instance by definition.
    const second = kind === 'postgres' ? await server(vars, first.database) : first;
    const [one, two] = [await everyCaller(first), await everyCaller(second)];
    // Five listeners, five addresses, five numbers in five blocks, on both instances in turn.
    const numbers = ['+14155551001', '+14155552002', '+14155553003', '+14155554004', '+14155555005'];
    later(31);
    const results = [];
    for (const [i, number] of numbers.entries()) {
      const caller = nth(i % 2 === 0 ? one : two, i);
      results.push(await answer(await caller.subscribe(number, `203.0.113.${i + 1}`)));
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 503, 503]);
    expect(results[3]?.body).toEqual({
      error: 'Texts are paused for now. Try again later.',
      reason: 'texts_paused',
    });
    expect(results[3]?.retryAfter).toBeGreaterThan(23 * 3600);
    const sent = [...(await texts(first)), ...(second === first ? [] : await texts(second))];
    expect(sent).toHaveLength(3);
  });

  test('the console shows codes texted against codes confirmed, and what was refused', async () => {
    const s = await server();
    const all = await everyCaller(s);
    const operator = await smsCalls(s).operator();
    // The database may hold other days' and other tests' counts: what this test adds is what counts.
    const before = await totals(operator);
    later(31);
    const numbers = ['+14155551001', '+14155552002', '+14155553003'];
    for (const [i, number] of numbers.entries()) {
      expect((await nth(all, i).subscribe(number, '203.0.113.7')).status).toBe(200);
    }
    const code = await smsCalls(s).lastCode('+14155551001');
    expect((await nth(all, 0).confirm(code)).status).toBe(200);
    expect((await nth(all, 1).subscribe('+449098790000', '203.0.113.7')).status).toBe(400);
    await s.events.flush();
    const after = await totals(operator);
    expect({
      sent: after.sent - before.sent,
      confirmed: after.confirmed - before.confirmed,
      refused: after.refused - before.refused,
    }).toEqual({ sent: 3, confirmed: 1, refused: 1 });
  });
});
