import type { SourceArtist, SourceTopArtistsReply } from '@heavy-rotation/contracts';
import { sourceArtist } from '@heavy-rotation/contracts';
import { eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '../db/client.ts';
import { sourceTopArtists } from '../db/schema.ts';
import { SourceError } from './errors.ts';
import type { SourceSession } from './sessions.ts';

export type { SourceArtist };

const cached = z.array(sourceArtist);

export interface Upstream {
  topArtists(session: SourceSession): Promise<SourceArtist[]>;
}

/**
 * The listener's top artists: the shared cache when under an hour old, else one upstream call at a time per
 * listener across all instances (a transaction-scoped advisory lock), the answer cached. When the source
 * rate-limits and a list was fetched before, that list is answered, marked stale.
 */
export async function sourceTopArtistsFor(
  db: Db,
  session: SourceSession,
  upstream: Upstream,
  now: () => number,
  /** A source's list is kept this long for every instance (docs/product.md, "Other sources"). */
  cacheMs: number,
): Promise<SourceTopArtistsReply> {
  const read = async (tx: Pick<Db, 'select'>) => {
    const [row] = await tx.select().from(sourceTopArtists).where(eq(sourceTopArtists.userId, session.userId));
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

  const first = await read(db);
  if (first && fresh(first)) return reply(first.artists, first.fetchedAt);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`source-top:${session.userId}`}))`);
    // Another request (on any instance) may have fetched while this one waited for the lock.
    const entry = await read(tx);
    if (entry && fresh(entry)) return reply(entry.artists, entry.fetchedAt);
    try {
      const artists = await upstream.topArtists(session);
      const fetchedAt = new Date(now());
      await tx
        .insert(sourceTopArtists)
        .values({ userId: session.userId, artists, fetchedAt })
        .onConflictDoUpdate({ target: sourceTopArtists.userId, set: { artists, fetchedAt } });
      return reply(artists, fetchedAt);
    } catch (error) {
      if (error instanceof SourceError && error.code === 'rate-limited' && entry) {
        return reply(entry.artists, entry.fetchedAt, error.message);
      }
      throw error;
    }
  });
}
