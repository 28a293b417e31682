import { createHash } from 'node:crypto';
import { CHALLENGE_ID, OPEN_RANKS } from '@heavy-rotation/contracts/challenges';
import type { ChallengeArtist } from '@heavy-rotation/contracts/replies';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { challenge, challengePlay } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { CHALLENGE_GAMES_KEPT } from '../http/limits.ts';

/** An artist as a link's snapshot keeps it: links made before ids were given per rank carry `id` too. */
export interface SnapshotArtist {
  name: string;
  image: string | null;
}
export type ChallengeRow = typeof challenge.$inferSelect;

const ENDED = 'This challenge has ended';

/** The link's id from the path: 400 for anything that is not one. */
export function challengeId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!CHALLENGE_ID.test(id)) throw new HttpError(400, 'id: not a challenge link');
  return id;
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

export function artistsOf(row: ChallengeRow): SnapshotArtist[] {
  return row.artists as SnapshotArtist[];
}

export const isOpen = (index: number) => (OPEN_RANKS as readonly number[]).includes(index + 1);

/**
 * A rank as a friend may see it (docs/decisions/027-challenge-links.md): its id is the link's own for
 * that rank, with nothing of the artist in it, and its picture only from the product's own image hosts
 * (a link made before the rule may hold another; it is not shown).
 */
export function shown(
  row: ChallengeRow,
  index: number,
  pictureAllowed: (url: string) => boolean,
): ChallengeArtist {
  const artist = artistsOf(row)[index] as SnapshotArtist;
  const rank = index + 1;
  const id = createHash('sha256').update(`${row.id}:${rank}`).digest('base64url').slice(0, 16);
  const image = artist.image !== null && pictureAllowed(artist.image) ? artist.image : null;
  return { rank, id, name: artist.name, image };
}

/** A friend's game: the link's id and the game id their device keeps. */
export interface Game {
  id: string;
  playId: string;
}

const gameOf = ({ id, playId }: Game) =>
  and(eq(challengePlay.challengeId, id), eq(challengePlay.playId, playId));

/** The game's found ranks with `rank` in them, once. */
const withRank = (rank: number) => {
  const ranks = challengePlay.foundRanks;
  return sql`case when ${rank}::integer = any(${ranks}) then ${ranks} else array_append(${ranks}, ${rank}::integer) end`;
};

/**
 * A right guess of a locked rank, kept for the friend's game: the score is counted from these alone.
 * False when the game has no row yet: then `startGame`.
 */
export async function addFound(db: Db, game: Game, rank: number): Promise<boolean> {
  const updated = await db
    .update(challengePlay)
    .set({ foundRanks: withRank(rank) })
    .where(gameOf(game))
    .returning({ playId: challengePlay.playId });
  return updated.length > 0;
}

/** A game's first right guess: a new game, only while the link has fewer than CHALLENGE_GAMES_KEPT. */
export async function startGame(db: Db, game: Game, rank: number, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${challengePlay} (challenge_id, play_id, score, found_ranks, updated_at)
    select ${game.id}::text, ${game.playId}::text, 0, array[${rank}::integer], ${at.toISOString()}::timestamptz
    where (select count(*) from ${challengePlay} where challenge_id = ${game.id}) < ${CHALLENGE_GAMES_KEPT}
    on conflict (challenge_id, play_id) do update set found_ranks = ${withRank(rank)}`);
}

/**
 * A friend's game finished (or given up), with the name they chose: its score is the locked ranks its
 * guesses found, and never goes down (a game saved again keeps its best). `first`: this call finished
 * it. Undefined when the game has no row yet (it found nothing): then `startEmptyGame`.
 */
export async function finishGame(
  db: Db,
  game: Game,
  name: string | null,
  at: Date,
): Promise<{ score: number; first: boolean } | undefined> {
  const [earlier] = await db
    .select({ finishedAt: challengePlay.finishedAt })
    .from(challengePlay)
    .where(gameOf(game));
  if (!earlier) return undefined;
  const [saved] = await db
    .update(challengePlay)
    .set({
      score: sql`greatest(${challengePlay.score}, cardinality(${challengePlay.foundRanks}))`,
      name,
      finishedAt: earlier.finishedAt ?? at,
      updatedAt: at,
    })
    .where(gameOf(game))
    .returning({ score: challengePlay.score });
  return { score: saved?.score ?? 0, first: earlier.finishedAt === null };
}

/** A game finished without a right guess: a row of its own, false when the link keeps CHALLENGE_GAMES_KEPT. */
export async function startEmptyGame(db: Db, game: Game, name: string | null, at: Date): Promise<boolean> {
  const [kept] = await db
    .select({ n: count() })
    .from(challengePlay)
    .where(eq(challengePlay.challengeId, game.id));
  if ((kept?.n ?? 0) >= CHALLENGE_GAMES_KEPT) return false;
  await db
    .insert(challengePlay)
    .values({ challengeId: game.id, playId: game.playId, score: 0, name, finishedAt: at, updatedAt: at })
    .onConflictDoNothing();
  return true;
}
