import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { upstreamPace } from '../db/schema.ts';

/**
 * The least time between the starts of two calls to each paced service, all instances together
 * (docs/architecture.md, "Pacing outside services"). MusicBrainz allows one call a second: the tenth
 * more covers the way from the start to MusicBrainz. Deezer's and iTunes' previews:
 * docs/decisions/035-sound-clues.md.
 */
export const PACE_MS = { musicbrainz: 1100, deezer: 150, itunes: 3100 } as const;
type PacedService = keyof typeof PACE_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(ms))));

/**
 * Calls to service S start at least PACE_MS[S] apart across all instances, measured by the database's
 * clock (docs/architecture.md, "Pacing outside services"). One row per service in `upstream_pace`:
 * `next_at` hands out turns in order, `started_at` is when the last call started. Each step is one
 * statement on its own; no transaction is held while waiting or calling.
 */
export function createPace(db: Db, now: () => number) {
  /**
   * Takes the service's next turn if it comes before the deadline, and returns how long to wait for it
   * (ms); null when it would come later. A turn past the deadline is not taken, so a caller who could not
   * use it pushes nobody else's turn back.
   */
  async function reserve(service: PacedService, deadline: number): Promise<number | null> {
    const gap = sql`${PACE_MS[service]} * interval '1 millisecond'`;
    const budget = sql`${Math.max(0, deadline - now())} * interval '1 millisecond'`;
    const [row] = await db
      .insert(upstreamPace)
      .values({ service, nextAt: sql`clock_timestamp() + ${gap}` })
      .onConflictDoUpdate({
        target: upstreamPace.service,
        set: { nextAt: sql`greatest(${upstreamPace.nextAt}, clock_timestamp()) + ${gap}` },
        setWhere: sql`${upstreamPace.nextAt} <= clock_timestamp() + ${budget}`,
      })
      .returning({
        waitMs: sql<string>`extract(epoch from (${upstreamPace.nextAt} - clock_timestamp())) * 1000 - ${PACE_MS[service]}`,
      });
    return row ? Math.max(0, Number(row.waitMs)) : null;
  }

  /**
   * Marks the call as started now, if the last start is at least the gap ago; otherwise returns how long
   * until it is. A turn's timer that fires late (a busy machine) cannot bring the next call closer.
   */
  async function start(service: PacedService): Promise<number | null> {
    const gap = sql`${PACE_MS[service]} * interval '1 millisecond'`;
    const mine = eq(upstreamPace.service, service);
    const [started] = await db
      .update(upstreamPace)
      .set({ startedAt: sql`clock_timestamp()` })
      .where(
        and(
          mine,
          or(isNull(upstreamPace.startedAt), sql`${upstreamPace.startedAt} <= clock_timestamp() - ${gap}`),
        ),
      )
      .returning({ service: upstreamPace.service });
    if (started) return null;
    const [row] = await db
      .select({
        waitMs: sql<string>`extract(epoch from (${upstreamPace.startedAt} + ${gap} - clock_timestamp())) * 1000`,
      })
      .from(upstreamPace)
      .where(mine);
    // No row (the table was emptied meanwhile): nobody else's start to keep apart from.
    return row ? Math.max(0, Number(row.waitMs)) : null;
  }

  /** Runs `call` in the service's turn: `{ value }`, or null when no turn comes before the deadline. */
  return async function paced<T>(
    service: PacedService,
    deadline: number,
    call: () => Promise<T>,
  ): Promise<{ value: T } | null> {
    const wait = await reserve(service, deadline);
    if (wait === null) return null;
    if (wait > 0) await sleep(wait);
    for (let left = await start(service); left !== null; left = await start(service)) await sleep(left);
    return { value: await call() };
  };
}

export type Pace = ReturnType<typeof createPace>;
