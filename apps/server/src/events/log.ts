import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsDaily, analyticsEvent } from '../db/schema.ts';

/** One analytics event as it is kept: its name and the one non-personal fact beside it. */
interface EventRow {
  name: string;
  path?: string | null;
  phoneCountry?: string | null;
  detail?: string | null;
}

const DAY_MS = 86_400_000;

/** A batch's counts by UTC day, name and detail ('' for none): what the batch adds to the day's totals. */
function dailyCounts(batch: readonly (EventRow & { at: number })[]) {
  const counts = new Map<string, { day: string; name: string; detail: string; count: number }>();
  for (const event of batch) {
    const day = Math.floor(event.at / DAY_MS);
    const detail = event.detail ?? '';
    const key = `${day} ${event.name} ${detail}`;
    const known = counts.get(key);
    if (known) known.count += 1;
    else {
      const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      counts.set(key, { day: date, name: event.name, detail, count: 1 });
    }
  }
  return [...counts.values()];
}

/** How often buffered events are written: at most this much is lost if the process dies (SIGKILL). */
const FLUSH_MS = 1000;
/** A batch this large is written at once, without waiting for the timer. */
const BATCH_MAX = 500;
/** While the database is away events wait here; beyond this many the oldest are let go (and counted). */
const BUFFER_MAX = 20_000;

export interface EventLog {
  /** Keeps an event to be written with the next batch; never waits, never fails the request. */
  record(event: EventRow): void;
  /** Writes every buffered event now (SIGTERM and tests call it). */
  flush(): Promise<void>;
  /** How many events wait to be written. */
  waiting(): number;
}

/**
 * First-party analytics written in batches (docs/architecture.md, "Per-request work"): a request only
 * appends to this instance's buffer; one statement a second writes the batch and adds its counts to the
 * day's totals, so no request writes a row or waits on the day's counter row. A clean stop (SIGTERM)
 * writes what is left; a crash loses at most the last FLUSH_MS of events.
 */
export function createEventLog(
  db: Db,
  options: {
    now: () => number;
    onTrouble: (what: string, error: unknown) => void;
    metrics?: { written(n: number): void; dropped(n: number): void };
  },
): EventLog {
  let buffer: (EventRow & { at: number })[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** A write for a full batch waits its turn: more events past BATCH_MAX need not queue another. */
  let fullBatchQueued = false;

  /** Writes a batch if at least `least` events wait; then on while a whole batch waits, or all of them. */
  async function write(all: boolean, least = 1): Promise<void> {
    if (buffer.length === 0) return;
    if (buffer.length < least) return arm();
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = buffer.slice(0, BATCH_MAX);
    buffer = buffer.slice(batch.length);
    const days = dailyCounts(batch);
    try {
      // One statement: the events, and their counts added to each day's totals (docs/operator.md, "Stats").
      // Each column goes as one array parameter: PostgreSQL and the embedded database read arrays faster
      // than a JSON document of rows (3.3 µs less an event on the embedded one, bench/README.md).
      await db.execute(sql`
        with written as (
          insert into ${analyticsEvent} (name, path, phone_country, detail, created_at)
          select name, path, phone_country, detail, to_timestamp(at / 1000.0)
          from unnest(
            ${sql.param(batch.map((e) => e.name))}::text[],
            ${sql.param(batch.map((e) => e.path ?? null))}::text[],
            ${sql.param(batch.map((e) => e.phoneCountry ?? null))}::text[],
            ${sql.param(batch.map((e) => e.detail ?? null))}::text[],
            ${sql.param(batch.map((e) => e.at))}::float8[]
          ) as e(name, path, phone_country, detail, at)
        )
        insert into ${analyticsDaily} as d (day, name, detail, count)
        select day, name, detail, count
        from unnest(
          ${sql.param(days.map((d) => d.day))}::date[],
          ${sql.param(days.map((d) => d.name))}::text[],
          ${sql.param(days.map((d) => d.detail))}::text[],
          ${sql.param(days.map((d) => d.count))}::int[]
        ) as c(day, name, detail, count)
        order by day, name, detail
        on conflict (day, name, detail) do update set count = d.count + excluded.count`);
      options.metrics?.written(batch.length);
    } catch (error) {
      // Kept for the next flush, in front of what came since, within the buffer's bound.
      buffer = [...batch, ...buffer];
      options.onTrouble('analytics events could not be written; kept for the next try', error);
      arm();
      throw error;
    } finally {
      trim();
    }
    // What came in while this batch was written waits for its second (docs/architecture.md, "Per-request
    // work") unless a whole batch is there or a flush wants everything: written at once, the few events
    // of each write's few milliseconds made a statement of their own, hundreds a second under load.
    if (buffer.length >= BATCH_MAX || (all && buffer.length > 0)) return write(all);
    if (buffer.length > 0) arm();
  }

  function trim() {
    const over = buffer.length - BUFFER_MAX;
    if (over > 0) {
      buffer = buffer.slice(over);
      options.metrics?.dropped(over);
    }
  }

  function arm() {
    // The timer keeps nothing alive: SIGTERM flushes, and a test's process may end.
    timer ??= setTimeout(() => {
      timer = undefined;
      void queue(() => write(false)).catch(() => undefined);
    }, FLUSH_MS).unref();
  }

  /** One write at a time: each waits for the one before it. */
  function queue(next: () => Promise<void>): Promise<void> {
    writing = writing.catch(() => undefined).then(next);
    return writing;
  }

  function flush(): Promise<void> {
    return queue(() => write(true));
  }

  return {
    record(event) {
      buffer.push({ ...event, at: options.now() });
      trim();
      if (buffer.length < BATCH_MAX) {
        arm();
        return;
      }
      if (fullBatchQueued) return;
      fullBatchQueued = true;
      // The write ahead of this one may have taken the batch already: then the rest waits for its second.
      queue(() => {
        fullBatchQueued = false;
        return write(false, BATCH_MAX);
      }).catch(() => undefined);
    },
    flush,
    waiting: () => buffer.length,
  };
}
