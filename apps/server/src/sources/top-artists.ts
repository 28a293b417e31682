import type { SourceArtist, SourceTopArtistsReply } from '@heavy-rotation/contracts';
import { sourceArtist } from '@heavy-rotation/contracts';
import { and, eq, lt } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type ChangeFeed, createRowCache, type RowCache } from '../db/changes.ts';
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

/** How many listeners' lists an instance keeps in memory. */
const CACHE_MAX = 1_000;

interface Kept {
  artists: SourceArtist[];
  fetchedAt: Date;
}

export interface Upstream {
  topArtists(session: SourceSession): Promise<SourceArtist[]>;
}

/**
 * The listener's top artists: the shared cache when under an hour old, else one upstream call at a time per
 * listener across all instances, the answer cached. The one call is held by a lease row that expires by
 * itself; no transaction and no lock is open while the source answers, so a slow source holds no database
 * connection (docs/decisions/020-abuse-limits.md). When the source rate-limits
 * and a list was fetched before, that list is answered, marked stale. Each instance also keeps the lists
 * it read in memory until the database says they changed (docs/decisions/036-caches-told-by-the-database.md).
 */
export function createTopArtistsReader(db: Db, changes: ChangeFeed, now: () => number, cacheMs: number) {
  const lists = createRowCache<Kept>(changes, 'source_top_artists', CACHE_MAX);
  // Requests of this instance for the same listener share one answer, holding nothing while they wait.
  const inFlight = new Map<string, Promise<SourceTopArtistsReply>>();
  return (session: SourceSession, upstream: Upstream): Promise<SourceTopArtistsReply> => {
    const running = inFlight.get(session.userId);
    if (running) return running;
    const answer = refresh(db, lists, session, upstream, now, cacheMs).finally(() =>
      inFlight.delete(session.userId),
    );
    inFlight.set(session.userId, answer);
    return answer;
  };
}

async function refresh(
  db: Db,
  lists: RowCache<Kept>,
  session: SourceSession,
  upstream: Upstream,
  now: () => number,
  /** A source's list is kept this long for every instance (docs/product.md, "Other sources"). */
  cacheMs: number,
): Promise<SourceTopArtistsReply> {
  const fresh = (entry: { fetchedAt: Date } | undefined) =>
    entry !== undefined && now() - entry.fetchedAt.getTime() < cacheMs;
  /** The list: from memory while fresh, else as the database has it now. */
  const read = async (): Promise<Kept | undefined> => {
    const known = lists.get(session.userId);
    if (fresh(known)) return known;
    const readAt = lists.generation();
    const [row] = await db.select().from(sourceTopArtists).where(eq(sourceTopArtists.userId, session.userId));
    const artists = row ? cached.safeParse(row.artists) : undefined;
    if (!row || !artists?.success) return undefined;
    const kept = { artists: artists.data, fetchedAt: row.fetchedAt };
    lists.keep(session.userId, kept, readAt);
    return kept;
  };
  const reply = (artists: SourceArtist[], fetchedAt: Date, notice: string | null = null) => ({
    source: session.source,
    artists,
    fetchedAt: fetchedAt.toISOString(),
    stale: notice !== null,
    notice,
  });

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
        lists.forget(session.userId);
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
