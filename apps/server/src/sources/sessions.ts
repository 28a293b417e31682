import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, or } from 'drizzle-orm';
import { type ChangeFeed, createRowCache } from '../db/changes.ts';
import type { Db } from '../db/client.ts';
import { sourceSession } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { createKeyBox, type KeyBox } from './key-box.ts';

type SourceName = 'lastfm' | 'listenbrainz';

/** A session gets a new token once a day; the old one is accepted for a minute after. */
const ROTATE_MS = 24 * 60 * 60_000;
const GRACE_MS = 60_000;

export interface SourceSession {
  userId: string;
  source: SourceName;
  sourceName: string;
  displayName: string | null;
  /** The source's own key: never sent to the browser, never logged. */
  sourceKey: string;
  expiresAt: Date;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a sealed key is bound to: the listener whose row holds it (`./key-box.ts`). */
const boundTo = (userId: string) => `source_session:${userId}`;
const newToken = () => randomBytes(32).toString('base64url');

function isSource(value: string): value is SourceName {
  return value === 'lastfm' || value === 'listenbrainz';
}

/** A session as found by one of its token hashes: valid until `until`, or until the database says otherwise. */
interface Found {
  session: SourceSession;
  until: number;
  /** When the token is due for a new one; undefined for a replaced token in its minute of grace. */
  rotateAt: number | undefined;
}

/** How many sessions an instance keeps in memory. */
const CACHE_MAX = 10_000;

/**
 * Sessions kept in the database (docs/decisions/019-own-sessions-for-other-sources.md), and in each
 * instance's memory until the database says a session changed (docs/decisions/036-caches-told-by-the-database.md).
 */
function createSessionStore(db: Db, now: () => number, lifetimeMs: number, box: KeyBox, changes: ChangeFeed) {
  // Keyed by the token's hash, as the triggers of source_session tell it.
  const cache = createRowCache<Found>(changes, 'source_session', CACHE_MAX);
  return {
    /** Starts a session and returns the cookie's token. */
    async create(session: Omit<SourceSession, 'expiresAt'>): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(now() + lifetimeMs);
      await db.insert(sourceSession).values({
        tokenHash: hash(token),
        userId: session.userId,
        source: session.source,
        sourceName: session.sourceName,
        displayName: session.displayName,
        // Encrypted at rest: the database, its backups and its WAL never hold the key in plain text.
        sourceKey: box.seal(session.sourceKey, boundTo(session.userId)),
        rotatedAt: new Date(now()),
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * The session of a cookie token, or undefined when unknown, revoked or expired. A token due for rotation
     * is replaced: `rotated` is the new token to send back.
     */
    async find(token: string): Promise<{ session: SourceSession; rotated?: string } | undefined> {
      const tokenHash = hash(token);
      const at = new Date(now());
      const known = cache.get(tokenHash);
      if (
        known &&
        at.getTime() < known.until &&
        (known.rotateAt === undefined || at.getTime() < known.rotateAt)
      )
        return { session: known.session };
      const readAt = cache.generation();
      const [row] = await db
        .select()
        .from(sourceSession)
        .where(
          and(
            gt(sourceSession.expiresAt, at),
            or(
              eq(sourceSession.tokenHash, tokenHash),
              and(eq(sourceSession.previousHash, tokenHash), gt(sourceSession.previousUntil, at)),
            ),
          ),
        )
        .limit(1);
      if (!row || !isSource(row.source)) return undefined;
      const opened = box.open(row.sourceKey, boundTo(row.userId));
      if (opened === undefined) return undefined;
      const sourceKey = opened.plain;
      if (opened.reseal) {
        // Sealed before keys were bound to their row, or under an older secret: sealed again, bound,
        // under the current one (only if no other request did it first).
        await db
          .update(sourceSession)
          .set({ sourceKey: box.seal(sourceKey, boundTo(row.userId)) })
          .where(and(eq(sourceSession.tokenHash, row.tokenHash), eq(sourceSession.sourceKey, row.sourceKey)));
      }
      const session: SourceSession = {
        userId: row.userId,
        source: row.source,
        sourceName: row.sourceName,
        displayName: row.displayName,
        sourceKey,
        expiresAt: row.expiresAt,
      };
      const current = row.tokenHash === tokenHash;
      if (!current || now() - row.rotatedAt.getTime() < ROTATE_MS) {
        const graceUntil = row.previousUntil?.getTime() ?? 0;
        cache.keep(
          tokenHash,
          {
            session,
            until: current ? row.expiresAt.getTime() : Math.min(row.expiresAt.getTime(), graceUntil),
            rotateAt: current ? row.rotatedAt.getTime() + ROTATE_MS : undefined,
          },
          readAt,
        );
        return { session };
      }
      const rotated = newToken();
      // Only one request rotates: the update matches the current hash, so a second one finds nothing.
      const updated = await db
        .update(sourceSession)
        .set({
          tokenHash: hash(rotated),
          previousHash: tokenHash,
          previousUntil: new Date(now() + GRACE_MS),
          rotatedAt: at,
        })
        .where(eq(sourceSession.tokenHash, tokenHash))
        .returning({ tokenHash: sourceSession.tokenHash });
      cache.forget(tokenHash);
      return updated.length > 0 ? { session, rotated } : { session };
    },

    /** Ends the session of this token (log out, Reset App). */
    async revoke(token: string): Promise<void> {
      const tokenHash = hash(token);
      const ended = await db
        .delete(sourceSession)
        .where(or(eq(sourceSession.tokenHash, tokenHash), eq(sourceSession.previousHash, tokenHash)))
        .returning({ tokenHash: sourceSession.tokenHash, previousHash: sourceSession.previousHash });
      forgetAll(ended);
    },

    /** Ends every session of a listener (the source refused their key). */
    async revokeUser(userId: string): Promise<void> {
      const ended = await db
        .delete(sourceSession)
        .where(eq(sourceSession.userId, userId))
        .returning({ tokenHash: sourceSession.tokenHash, previousHash: sourceSession.previousHash });
      forgetAll(ended);
    },
  };

  /** Sessions this instance ended: forgotten here at once; the others hear it from the database. */
  function forgetAll(ended: { tokenHash: string; previousHash: string | null }[]) {
    for (const row of ended) {
      cache.forget(row.tokenHash);
      if (row.previousHash) cache.forget(row.previousHash);
    }
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** How long a Last.fm or ListenBrainz sign-in lasts. */
const SESSION_MS = 30 * 86_400_000;

/**
 * The session store, its keys sealed under SOURCE_KEY_SECRET, or, where the environment has none, the
 * secret demo mode keeps in DATA_DIR (`createDeps`).
 */
export function sessionStoreFromEnv(
  env: Pick<Env, 'SOURCE_KEY_SECRET'>,
  shared: { db: Db; changes: ChangeFeed; now: () => number; sourceKeySecret: string | undefined },
): SessionStore {
  const secret = env.SOURCE_KEY_SECRET ?? shared.sourceKeySecret;
  if (!secret) throw new Error('Invalid configuration: SOURCE_KEY_SECRET is not set');
  return createSessionStore(shared.db, shared.now, SESSION_MS, createKeyBox(secret), shared.changes);
}
