import { LRUCache } from 'lru-cache';
import type { Client } from 'pg';

/**
 * Where the database says which cached rows changed (docs/decisions/036-caches-told-by-the-database.md).
 * A trigger on each cached table (migration 0023) sends `<table> <key>` on this channel when the writing
 * transaction commits, whichever instance wrote it; every instance listens.
 */
export const CHANGES_CHANNEL = 'hr_changes';

/** A heard change: a table and the key that changed in it, or `undefined` for "anything may have". */
export type Heard = { table: string; key: string } | undefined;

export interface ChangeFeed {
  /** Tells `heard` of every change from now on; `undefined` when changes may have been missed. */
  subscribe(heard: (change: Heard) => void): void;
  /** False while the feed is cut (its connection lost): caches keep nothing then. */
  live(): boolean;
  close(): Promise<void>;
}

function createFeed() {
  const subscribers: ((change: Heard) => void)[] = [];
  let live = false;
  const tell = (change: Heard) => {
    for (const heard of subscribers) heard(change);
  };
  return {
    feed: {
      subscribe: (heard: (change: Heard) => void) => void subscribers.push(heard),
      live: () => live,
    },
    heard(payload: string) {
      const space = payload.indexOf(' ');
      if (space > 0) tell({ table: payload.slice(0, space), key: payload.slice(space + 1) });
    },
    /** Marks the feed live or cut; either way anything kept before may be out of date. */
    setLive(value: boolean) {
      live = value;
      tell(undefined);
    },
  };
}

interface Listenable {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The embedded database's feed: its notifications come from this process's own writes, in order. */
export async function pgliteChanges(client: Listenable): Promise<ChangeFeed> {
  const { feed, heard, setLive } = createFeed();
  const stop = await client.listen(CHANGES_CHANNEL, heard);
  setLive(true);
  return { ...feed, close: () => stop() };
}

/** How long to wait before listening again after the connection was lost, growing to the last. */
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];
/**
 * How often the feed's connection is asked whether it still answers: a cut that closes no socket (a
 * silent network partition) is noticed within this and the connection's query timeout.
 */
export const HEARTBEAT_MS = 5_000;

/**
 * PostgreSQL's feed: one connection of its own that LISTENs, opened again whenever it is lost (an error,
 * its end, or a heartbeat unanswered within the connection's query timeout). While it is down the feed
 * is not live, and it tells "anything may have changed" when it goes down and when it
 * is back, so nothing kept from before the cut outlives it.
 */
export function postgresChanges(
  connect: () => Client,
  onTrouble: (what: string, error: unknown) => void,
): ChangeFeed {
  const { feed, heard, setLive } = createFeed();
  let client: Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (which: Client, error: unknown) => {
    if (closed || client !== which) return;
    client = undefined;
    clearInterval(heartbeat);
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    setLive(false);
    onTrouble('the database change feed was cut; caches keep nothing until it is back', error);
    retry = setTimeout(open, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };

  async function open() {
    if (closed) return;
    const next = connect();
    client = next;
    // A connection lost at any moment (PostgreSQL restarted, the network cut) is reported here.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) heard(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== next || closed) return;
      attempt = 0;
      setLive(true);
      heartbeat = setInterval(() => {
        next.query('SELECT 1').catch((error: unknown) => lost(next, error));
      }, HEARTBEAT_MS).unref();
    } catch (error) {
      lost(next, error);
    }
  }

  void open();
  return {
    ...feed,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Rows kept in memory by key, forgotten when the database says their key changed or the feed was cut. A
 * read that began before a change heard since cannot keep what it read (`generation`).
 */
export function createRowCache<V extends object>(changes: ChangeFeed, table: string, max: number) {
  const entries = new LRUCache<string, V>({ max });
  let generation = 0;
  changes.subscribe((change) => {
    if (change && change.table !== table) return;
    generation += 1;
    if (change) entries.delete(change.key);
    else entries.clear();
  });
  return {
    /** Read before asking the database; give it back to `keep`. */
    generation: () => generation,
    get: (key: string): V | undefined => entries.get(key),
    /** Keeps what was read, unless a change was heard since `readAt` or the feed is cut. */
    keep(key: string, value: V, readAt: number): void {
      if (readAt === generation && changes.live()) entries.set(key, value);
    },
    /** This instance changed the key: forgotten at once, before its own notification comes back. */
    forget(key: string): void {
      generation += 1;
      entries.delete(key);
    },
  };
}

export type RowCache<V extends object> = ReturnType<typeof createRowCache<V>>;
