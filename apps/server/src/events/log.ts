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
    const rows = JSON.stringify(
      batch.map((e) => ({
        name: e.name,
        path: e.path ?? null,
        phone_country: e.phoneCountry ?? null,
        detail: e.detail ?? null,
        created_at: new Date(e.at).toISOString(),
      })),
    );
    try {
      // One statement: the events, and their counts added to each day's totals (docs/operator.md, "Stats").
      await db.execute(sql`
        with written as (
          insert into ${analyticsEvent} (name, path, phone_country, detail, created_at)
          select name, path, phone_country, detail, created_at
          from jsonb_to_recordset(${rows}::jsonb)
            as e(name text, path text, phone_country text, detail text, created_at timestamptz)
          returning name, detail, created_at
        )
        insert into ${analyticsDaily} as d (day, name, detail, count)
        select (created_at at time zone 'UTC')::date, name, coalesce(detail, ''), count(*)::int
        from written group by 1, 2, 3 order by 1, 2, 3
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
