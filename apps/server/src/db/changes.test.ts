import { createServer, Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '../test/database.ts';
import { CHANGES_CHANNEL, createRowCache, HEARTBEAT_MS, type Heard, postgresChanges } from './changes.ts';
import { userProfile } from './schema.ts';

/** Asks `check` again until it passes, up to `ms` (10 s): a notice arrives a moment after its commit. */
const soon = <T>(check: () => T, ms = 10_000) => expect.poll(check, { timeout: ms, interval: 20 });

describe.skipIf(!TEST_DATABASE_URL)('the change feed on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  test('a committed change is heard with its table and key; a rolled back one is not', async () => {
    const heard: Heard[] = [];
    database.changes.subscribe((change) => heard.push(change));
    await soon(() => database.changes.live()).toBe(true);
    await database.db
      .transaction(async (tx) => {
        await tx.insert(userProfile).values({ id: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.insert(userProfile).values({ id: 'committed' });
    // Notices come in commit order: once the committed one is here, a rolled back one would be too.
    await soon(() => heard.some((c) => c?.key === 'committed')).toBe(true);
    expect(heard).toContainEqual({ table: 'user_profile', key: 'committed' });
    expect(heard.some((c) => c?.key === 'rolled-back')).toBe(false);
  });

  test('while the feed is cut nothing is kept; once back, what was kept before is gone and changes are heard', async () => {
    const clients: pg.Client[] = [];
    const troubles: string[] = [];
    const feed = postgresChanges(
      () => {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        clients.push(client);
        return client;
      },
      (what) => troubles.push(what),
    );
    const notifier = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await notifier.connect();
    try {
      const cache = createRowCache<{ name: string }>(feed, 'user_profile', 10);
      await soon(() => feed.live()).toBe(true);
      cache.keep('kept-before', { name: 'before' }, cache.generation());
      expect(cache.get('kept-before')).toEqual({ name: 'before' });

      // PostgreSQL ends the feed's connection (a restart, a network cut, an operator's kill).
      const first = clients[0] as pg.Client & { processID: number };
      await notifier.query('select pg_terminate_backend($1)', [first.processID]);
      await soon(() => !feed.live()).toBe(true);
      expect(troubles.some((t) => t.includes('cut'))).toBe(true);
      expect(cache.get('kept-before')).toBeUndefined();
      // A read made while the feed is down is not kept: a change it would miss could not correct it.
      if (!feed.live()) {
        cache.keep('read-while-cut', { name: 'cut' }, cache.generation());
        expect(cache.get('read-while-cut')).toBeUndefined();
      }

      await soon(() => feed.live()).toBe(true);
      expect(clients.length).toBeGreaterThan(1);
      cache.keep('kept-after', { name: 'after' }, cache.generation());
      expect(cache.get('kept-after')).toEqual({ name: 'after' });
      await notifier.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'user_profile kept-after']);
      await soon(() => cache.get('kept-after') === undefined).toBe(true);
    } finally {
      await notifier.end();
      await feed.close();
    }
  });

  test('a read that began before a change was heard does not keep what it read', async () => {
    const cache = createRowCache<{ name: string }>(database.changes, 'user_profile', 10);
    await soon(() => database.changes.live()).toBe(true);
    const readAt = cache.generation();
    await database.db.insert(userProfile).values({ id: 'changed-mid-read' });
    await soon(() => cache.generation() !== readAt).toBe(true);
    cache.keep('changed-mid-read', { name: 'old' }, readAt);
    expect(cache.get('changed-mid-read')).toBeUndefined();
  });

  test('a cut that closes no connection (a silent partition) is noticed by the heartbeat', async () => {
    // A link to PostgreSQL that can stop passing bytes without closing anything.
    const pairs: Socket[] = [];
    const target = new URL(TEST_DATABASE_URL ?? '');
    const link = createServer((inbound) => {
      const outbound = new Socket();
      outbound.connect(Number(target.port || 5432), target.hostname);
      inbound.pipe(outbound).pipe(inbound);
      pairs.push(inbound, outbound);
    });
    await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
    const address = link.address();
    const url = new URL(target);
    url.port = String(typeof address === 'object' && address ? address.port : 0);
    url.hostname = '127.0.0.1';
    const troubles: string[] = [];
    const feed = postgresChanges(
      () => new pg.Client({ connectionString: url.toString(), query_timeout: 1_000 }),
      (what) => troubles.push(what),
    );
    try {
      await soon(() => feed.live()).toBe(true);
      for (const socket of pairs) {
        socket.unpipe();
        socket.pause();
      }
      await soon(() => !feed.live(), HEARTBEAT_MS + 5_000).toBe(true);
      expect(troubles.some((t) => t.includes('cut'))).toBe(true);
    } finally {
      await feed.close();
      for (const socket of pairs) socket.destroy();
      link.close();
    }
  }, 20_000);
});
