import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CHALLENGE_DAYS,
  CHALLENGE_ID,
  challengeCreate,
  challengeGuess,
  challengePlayResult,
  LIVE_CHALLENGES,
  OPEN_RANKS,
} from '@heavy-rotation/contracts/challenges';
import { judgeGuess } from '@heavy-rotation/contracts/judge';
import type { ChallengeArtist, ChallengeView } from '@heavy-rotation/contracts/replies';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { challenge, challengePlay } from '../db/schema.ts';
import { secretOf } from '../db/secrets.ts';
import type { EventLog } from '../events/log.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json.ts';
import type { Limits } from '../http/limits.ts';

/** An artist as the snapshot keeps it. */
interface SnapshotArtist {
  id: string;
  name: string;
  image: string | null;
}
type ChallengeRow = typeof challenge.$inferSelect;

const DAY_MS = 86_400_000;
/** Friends' games kept per link: enough for any group of friends, bounded against a flood. */
const MAX_PLAYS = 500;
const ENDED = 'This challenge has ended';

export interface ChallengeRouteOptions {
  db: Db;
  limits: Pick<
    Limits,
    'challengesPerAddress' | 'challengesPerListener' | 'challengeGuesses' | 'challengePlays'
  >;
  events: EventLog;
  /** The apikey and per-address checks every public call passes. */
  guard: MiddlewareHandler;
  /** The caller's address (behind trusted proxies). */
  ip: (c: Context) => string;
  /** The signed-in listener making a link, if any (a bearer token or a source session). */
  listenerOf: (c: Context) => Promise<string | undefined>;
  ownerHash: OwnerHasher;
  now: () => number;
}

/**
 * A keyed hash of a listener id (HMAC-SHA-256 with the `challenge-owner` secret): how a link knows its
 * listener for the limit of live links and for erasure, without holding their id.
 */
export function createOwnerHasher(db: Db) {
  let key: Promise<string> | undefined;
  return async (userId: string): Promise<string> => {
    key ??= secretOf(db, 'challenge-owner').catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return createHmac('sha256', await key)
      .update(userId)
      .digest('base64url');
  };
}
type OwnerHasher = ReturnType<typeof createOwnerHasher>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function challengeId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!CHALLENGE_ID.test(id)) throw new HttpError(400, 'id: not a challenge link');
  return id;
}

function artistsOf(row: ChallengeRow): SnapshotArtist[] {
  return row.artists as SnapshotArtist[];
}

function shown(artist: SnapshotArtist, index: number): ChallengeArtist {
  return { rank: index + 1, id: artist.id, name: artist.name, image: artist.image };
}

const isOpen = (index: number) => (OPEN_RANKS as readonly number[]).includes(index + 1);

/**
 * The public view of a link: the name, how many ranks, and the open ranks only. Nothing of a locked
 * rank is in it: not its name, image or id (docs/decisions/027-challenge-links.md).
 */
function publicView(row: ChallengeRow): ChallengeView {
  const artists = artistsOf(row);
  return {
    id: row.id,
    name: row.name,
    size: artists.length,
    open: artists.flatMap((a, i) => (isOpen(i) ? [shown(a, i)] : [])),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A live link by id: 404 when there is none (never made, or stopped), 410 once it has expired. */
export async function liveChallenge(db: Db, id: string, now: number): Promise<ChallengeRow> {
  const [row] = await db.select().from(challenge).where(eq(challenge.id, id));
  if (!row) throw new HttpError(404, ENDED);
  if (row.expiresAt.getTime() <= now) {
    await db.delete(challenge).where(eq(challenge.id, id));
    throw new HttpError(410, ENDED);
  }
  return row;
}

/** Challenge links (docs/product.md, "Challenge a friend"): /api/challenges/*. */
export function challengeRoutes(options: ChallengeRouteOptions): Hono {
  const { db, guard, ip, listenerOf, ownerHash, now } = options;
  const app = new Hono();
  const {
    challengesPerAddress: perAddress,
    challengesPerListener: perListener,
    challengeGuesses: guesses,
    challengePlays: plays,
  } = options.limits;
  // Counts only: which event, and for a guess whether it was right (docs/product.md, "Analytics events").
  const record = (name: string, detail: string | null = null) => options.events.record({ name, detail });

  async function owned(c: Context): Promise<ChallengeRow> {
    const row = await liveChallenge(db, challengeId(c), now());
    const given = Buffer.from(sha256(c.req.header('X-Challenge-Key') ?? ''));
    const kept = Buffer.from(row.keyHash);
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
      throw new HttpError(403, 'This link is not yours to see or stop');
    }
    return row;
  }

  app.post('/', guard, async (c) => {
    const body = await readJson(c, challengeCreate);
    await perAddress.spend(ip(c));
    const listener = await listenerOf(c);
    const owner = listener === undefined ? null : await ownerHash(listener);
    if (owner) await perListener.spend(owner);
    const id = randomBytes(16).toString('base64url');
    const key = randomBytes(16).toString('base64url');
    const at = now();
    const expiresAt = new Date(at + CHALLENGE_DAYS * DAY_MS);
    const artists: SnapshotArtist[] = body.artists.map((a) => ({
      id: a.id,
      name: a.name,
      image: a.image ?? null,
    }));
    await db.transaction(async (tx) => {
      // Links that have ended go now, whoever made them.
      await tx.delete(challenge).where(lt(challenge.expiresAt, new Date(at)));
      if (owner) {
        // One listener's links are counted and added one at a time, on every instance.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`challenge:${owner}`}))`);
        const [live] = await tx
          .select({ n: count() })
          .from(challenge)
          .where(and(eq(challenge.ownerHash, owner), gt(challenge.expiresAt, new Date(at))));
        if ((live?.n ?? 0) >= LIVE_CHALLENGES) {
          throw new HttpError(
            409,
            `You have ${LIVE_CHALLENGES} live challenge links: stop sharing one to make another`,
          );
        }
      }
      await tx.insert(challenge).values({
        id,
        keyHash: sha256(key),
        ownerHash: owner,
        name: body.name || null,
        artists,
        createdAt: new Date(at),
        expiresAt,
      });
    });
    record('challenge_created');
    return c.json({ id, key, expiresAt: expiresAt.toISOString() }, 201, { 'Cache-Control': 'no-store' });
  });

  app.get('/:id', guard, async (c) => {
    const row = await liveChallenge(db, challengeId(c), now());
    record('challenge_opened');
    return c.json(publicView(row), 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/:id/guesses', guard, async (c) => {
    const id = challengeId(c);
    await guesses.spend(`${ip(c)}|${id}`);
    const { guess } = await readJson(c, challengeGuess);
    const row = await liveChallenge(db, id, now());
    const artists = artistsOf(row);
    // The quiz's own judge (docs/decisions/004-quiz-judging.md), on the server: the names stay here.
    const judged = judgeGuess(
      guess,
      artists.map((a) => a.name),
    );
    const artist = judged ? artists[judged.index] : undefined;
    record('challenge_guess', artist ? 'right' : 'wrong');
    const match = judged && artist ? shown(artist, judged.index) : null;
    return c.json({ match }, 200, { 'Cache-Control': 'no-store' });
  });

  app.put('/:id/plays/:playId', guard, async (c) => {
    const id = challengeId(c);
    const playId = c.req.param('playId');
    if (!CHALLENGE_ID.test(playId)) throw new HttpError(400, 'playId: not a game id');
    await plays.spend(`${ip(c)}|${id}`);
    const body = await readJson(c, challengePlayResult);
    const row = await liveChallenge(db, id, now());
    const artists = artistsOf(row);
    const found = new Set(body.found);
    // The open ranks were given, not guessed.
    const score = artists.filter((a, i) => !isOpen(i) && found.has(a.id)).length;
    const name = body.name || null;
    const where = and(eq(challengePlay.challengeId, id), eq(challengePlay.playId, playId));
    const [earlier] = await db.select({ score: challengePlay.score }).from(challengePlay).where(where);
    if (earlier) {
      // The same game again (the friend added their name): its best score stays.
      const best = Math.max(earlier.score, score);
      await db
        .update(challengePlay)
        .set({ score: best, name, updatedAt: new Date(now()) })
        .where(where);
      return c.json({ score: best, size: artists.length }, 200, { 'Cache-Control': 'no-store' });
    }
    const [kept] = await db
      .select({ n: count() })
      .from(challengePlay)
      .where(eq(challengePlay.challengeId, id));
    if ((kept?.n ?? 0) >= MAX_PLAYS)
      throw new HttpError(409, 'This challenge has all the players it can keep');
    await db.insert(challengePlay).values({ challengeId: id, playId, score, name }).onConflictDoNothing();
    record('challenge_finished');
    return c.json({ score, size: artists.length }, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/:id/results', guard, async (c) => {
    const row = await owned(c);
    const rows = await db
      .select()
      .from(challengePlay)
      .where(eq(challengePlay.challengeId, row.id))
      .orderBy(desc(challengePlay.score), desc(challengePlay.updatedAt))
      .limit(MAX_PLAYS);
    return c.json(
      {
        played: rows.length,
        best: rows[0]?.score ?? 0,
        size: artistsOf(row).length,
        expiresAt: row.expiresAt.toISOString(),
        scores: rows.map((r) => ({ name: r.name, score: r.score, at: r.updatedAt.toISOString() })),
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.delete('/:id', guard, async (c) => {
    const row = await owned(c);
    await db.delete(challenge).where(eq(challenge.id, row.id));
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
