import type { SourceArtist, SourceTopArtistsReply } from '@heavy-rotation/contracts';
import { sourceArtist } from '@heavy-rotation/contracts';
import { and, eq, lt } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '../db/client.ts';
import { sourceRefreshLease, sourceTopArtists } from '../db/schema.ts';
import { SourceError } from './errors.ts';
import type { SourceSession } from './sessions.ts';

export type { SourceArtist };

const cached = z.array(sourceArtist);

/**
 * How long one refresh may hold a listener's lease: past the longest a source call can take (three tries of
 * SOURCE_TIMEOUT_MS with back-off), so a lease outlives its holder only when that instance died.
 */
const LEASE_MS = 60_000;
/** How often a request that found the lease taken looks again for the holder's answer. */
const POLL_MS = 250;

export interface Upstream {
  topArtists(session: SourceSession): Promise<SourceArtist[]>;
}

/**
 * The listener's top artists: the shared cache when under an hour old, else one upstream call at a time per
 * listener across all instances, the answer cached. The one call is held by a lease row that expires by
 * itself; no transaction and no lock is open while the source answers, so a slow source holds no database
 * connection (docs/decisions/020-abuse-limits.md). When the source rate-limits
 * and a list was fetched before, that list is answered, marked stale.
 */
export function createTopArtistsReader(db: Db, now: () => number, cacheMs: number) {
  // Requests of this instance for the same listener share one answer, holding nothing while they wait.
  const inFlight = new Map<string, Promise<SourceTopArtistsReply>>();
  return (session: SourceSession, upstream: Upstream): Promise<SourceTopArtistsReply> => {
    const running = inFlight.get(session.userId);
    if (running) return running;
    const answer = refresh(db, session, upstream, now, cacheMs).finally(() =>
      inFlight.delete(session.userId),
    );
    inFlight.set(session.userId, answer);
    return answer;
  };
}

async function refresh(
  db: Db,
  session: SourceSession,
  upstream: Upstream,
  now: () => number,
  /** A source's list is kept this long for every instance (docs/product.md, "Other sources"). */
  cacheMs: number,
): Promise<SourceTopArtistsReply> {
  const read = async () => {
    const [row] = await db.select().from(sourceTopArtists).where(eq(sourceTopArtists.userId, session.userId));
    const artists = row ? cached.safeParse(row.artists) : undefined;
    return row && artists?.success ? { artists: artists.data, fetchedAt: row.fetchedAt } : undefined;
  };
  const reply = (artists: SourceArtist[], fetchedAt: Date, notice: string | null = null) => ({
    source: session.source,
    artists,
    fetchedAt: fetchedAt.toISOString(),
    stale: notice !== null,
    notice,
  });
  const fresh = (entry: { fetchedAt: Date } | undefined) =>
    entry !== undefined && now() - entry.fetchedAt.getTime() < cacheMs;

  /** Takes the listener's lease unless another live request holds it; its end time when taken. */
  async function takeLease(): Promise<Date | undefined> {
    const until = new Date(now() + LEASE_MS);
    const taken = await db
      .insert(sourceRefreshLease)
      .values({ userId: session.userId, until })
      .onConflictDoUpdate({
        target: sourceRefreshLease.userId,
        set: { until },
        setWhere: lt(sourceRefreshLease.until, new Date(now())),
      })
      .returning({ until: sourceRefreshLease.until });
    return taken.length > 0 ? until : undefined;
  }

  // A wait on the clock of the machine, not the app's (which tests move).
  const deadline = performance.now() + LEASE_MS;
  for (;;) {
    const entry = await read();
    if (entry && fresh(entry)) return reply(entry.artists, entry.fetchedAt);
    const lease = await takeLease();
    if (!lease) {
      // Another request (on any instance) is asking the source: wait for its answer, holding nothing.
      if (performance.now() > deadline)
        throw new SourceError('still-fetching', 'Your list is still on its way. Try again.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    try {
      // Read again under the lease: a holder may have finished between the read and the lease.
      const latest = await read();
      if (latest && fresh(latest)) return reply(latest.artists, latest.fetchedAt);
      try {
        const artists = await upstream.topArtists(session);
        const fetchedAt = new Date(now());
        await db
          .insert(sourceTopArtists)
          .values({ userId: session.userId, artists, fetchedAt })
          .onConflictDoUpdate({ target: sourceTopArtists.userId, set: { artists, fetchedAt } });
        return reply(artists, fetchedAt);
      } catch (error) {
        if (error instanceof SourceError && error.code === 'rate-limited' && latest) {
          return reply(latest.artists, latest.fetchedAt, error.message);
        }
        throw error;
      }
    } finally {
      await db
        .delete(sourceRefreshLease)
        .where(and(eq(sourceRefreshLease.userId, session.userId), eq(sourceRefreshLease.until, lease)));
    }
  }
}
