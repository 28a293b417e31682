import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsDaily, analyticsEvent } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { createEventLog } from './log.ts';

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s.close());
  const quiet = { now: Date.now, onTrouble: () => undefined };
  const counts = async () =>
    Object.fromEntries(
      (await s.database.db.select().from(analyticsDaily)).map((d) => [`${d.name}:${d.detail}`, d.count]),
    );

  test('events from two instances, written in batches at the same time, are all counted in their day', async () => {
    const a = createEventLog(s.database.db, quiet);
    const b = createEventLog(s.database.db, quiet);
    for (let i = 0; i < 1200; i++) {
      a.record({ name: 'quiz_guess', detail: i % 3 === 0 ? 'right' : 'wrong' });
      b.record({ name: 'first_unlock' });
    }
    await Promise.all([a.flush(), b.flush()]);
    const [{ n } = { n: 0 }] = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvent);
    expect(n).toBe(2400);
    expect(await counts()).toMatchObject({
      'quiz_guess:right': 400,
      'quiz_guess:wrong': 800,
      'first_unlock:': 1200,
    });
  });

  test('each event keeps its text and its moment exactly, and counts in its own UTC day', async () => {
    // The last millisecond of one UTC day and the first of the next.
    const times = [Date.UTC(2026, 10, 28, 23, 59, 59, 999), Date.UTC(2026, 10, 29, 0, 0, 0, 0)];
    let at = 0;
    const log = createEventLog(s.database.db, { ...quiet, now: () => times[at++] ?? 0 });
    // Quotes, a backslash, a comma, braces and NULL-like text: nothing an array parameter may mangle.
    const path = '/a "b",{c}\\d NULL';
    log.record({ name: 'page_view', path, detail: 'x,y' });
    log.record({ name: 'page_view', path: null, phoneCountry: 'DE', detail: 'x,y' });
    await log.flush();
    const rows = await s.database.db
      .select()
      .from(analyticsEvent)
      .where(sql`${analyticsEvent.detail} = 'x,y'`)
      .orderBy(analyticsEvent.createdAt);
    expect(rows.map((r) => [r.path, r.phoneCountry, r.createdAt.getTime()])).toEqual([
      [path, null, times[0]],
      [null, 'DE', times[1]],
    ]);
    const days = await s.database.db
      .select({ day: analyticsDaily.day, count: analyticsDaily.count })
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.detail} = 'x,y'`)
      .orderBy(analyticsDaily.day);
    expect(days).toEqual([
      { day: '2026-11-28', count: 1 },
      { day: '2026-11-29', count: 1 },
    ]);
  });

  test('events that come in while a batch is written wait for the next batch, not a statement of their own', async () => {
    const batches: number[] = [];
    const log = createEventLog(s.database.db, {
      ...quiet,
      metrics: { written: (n) => batches.push(n), dropped: () => undefined },
    });
    for (let i = 0; i < 500; i++) log.record({ name: 'page_view', path: '/' });
    // The full batch is being written: these arrive meanwhile, one by one as requests do.
    for (let i = 0; i < 10; i++) {
      await Promise.resolve();
      log.record({ name: 'page_view', path: '/' });
    }
    await expect.poll(() => batches).toEqual([500]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(batches).toEqual([500]);
    expect(log.waiting()).toBe(10);
    await log.flush();
    expect(batches).toEqual([500, 10]);
  });

  test('events the database could not take are kept and written once it can', async () => {
    const log = createEventLog(s.database.db, quiet);
    const before = (await counts())['share:first'] ?? 0;
    await s.database.db.execute(sql`alter table analytics_daily rename to analytics_daily_away`);
    log.record({ name: 'share', detail: 'first' });
    log.record({ name: 'share', detail: 'first' });
    await expect(log.flush()).rejects.toThrow();
    await s.database.db.execute(sql`alter table analytics_daily_away rename to analytics_daily`);
    log.record({ name: 'share', detail: 'first' });
    await log.flush();
    expect((await counts())['share:first']).toBe(before + 3);
  });

  test('a request that sends an event waits for no database write', async () => {
    const sent = await s.call('/api/events', { json: { name: 'sms_gate_view' } });
    expect(sent.status).toBe(204);
    expect((await counts())['sms_gate_view:']).toBeUndefined();
    await s.events.flush();
    expect((await counts())['sms_gate_view:']).toBe(1);
  });
});
