import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clipPace } from '../db/schema.ts';

/** Gaps between two calls to each service, for every instance together. */
const PACE_MS = { deezer: 150, itunes: 3100 } as const;
export type Service = keyof typeof PACE_MS;

/**
 * Each preview service's pace across every instance (a row per service in `clip_pace`,
 * docs/decisions/035-sound-clues.md): a call runs in its turn, if the turn comes before the deadline.
 */
export function createClipPace(db: Db, now: () => number) {
  /**
   * Takes the service's next turn, if it comes before the deadline, and returns how long to wait for it.
   * A turn past the deadline is not taken, so callers who give up push nobody else's turn back.
   */
  async function turn(service: Service, deadline: number): Promise<number | null> {
    const gap = PACE_MS[service];
    const budget = Math.max(0, deadline - now());
    const [row] = await db
      .insert(clipPace)
      .values({ service, nextAt: sql`clock_timestamp() + ${gap} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: clipPace.service,
        set: {
          nextAt: sql`greatest(${clipPace.nextAt}, clock_timestamp()) + ${gap} * interval '1 millisecond'`,
        },
        setWhere: sql`${clipPace.nextAt} <= clock_timestamp() + ${budget} * interval '1 millisecond'`,
      })
      .returning({
        waitMs: sql<string>`extract(epoch from (${clipPace.nextAt} - clock_timestamp())) * 1000 - ${gap}`,
      });
    if (!row) return null;
    return Math.max(0, Math.ceil(Number(row.waitMs)));
  }

  /** Runs `ask` in the service's turn; 'later' when no turn comes before the deadline. */
  return async function inTurn<T>(
    service: Service,
    deadline: number,
    ask: () => Promise<T>,
  ): Promise<T | 'later'> {
    const wait = await turn(service, deadline);
    if (wait === null) return 'later';
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return ask();
  };
}
