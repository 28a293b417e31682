import { createHash, randomBytes } from 'node:crypto';
import { CHALLENGE_DAYS, challengeCreate, LIVE_CHALLENGES } from '@heavy-rotation/contracts/challenges';
import { and, count, desc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { challenge, challengePlay } from '../db/schema.ts';
import type { KeyedHash } from '../db/secrets.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret } from '../http/identity.ts';
import { readJson } from '../http/json.ts';
import { languageOf } from '../http/language.ts';
import { CHALLENGE_GAMES_KEPT, type Limits } from '../http/limits.ts';
import type { Listeners } from '../http/listener.ts';
import { artistsOf, type ChallengeRow, challengeId, liveChallenge, type SnapshotArtist } from './games.ts';
import { type FriendRouteOptions, friendRoutes } from './play-routes.ts';
import { challengeText } from './texts.ts';

const DAY_MS = 86_400_000;

export interface ChallengeRouteOptions extends Omit<FriendRouteOptions, 'limits'> {
  limits: FriendRouteOptions['limits'] & Pick<Limits, 'challengesPerAddress' | 'challengesPerListener'>;
  /** Who makes a link: a signed-in listener's links are counted against them (`../http/listener.ts`). */
  listenerOf: Listeners['listenerOf'];
  /**
   * A keyed hash of a listener id (the `challenge-owner` secret, base64url): how a link knows its listener
   * for the limit of live links and for erasure, without holding their id.
   */
  ownerHash: KeyedHash;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Challenge links (docs/product.md, "Challenge a friend"): /api/challenges/*. */
export function challengeRoutes(options: ChallengeRouteOptions): Hono {
  const { db, guard, ip, listenerOf, ownerHash, pictureAllowed, now } = options;
  const app = new Hono();
  const { challengesPerAddress: perAddress, challengesPerListener: perListener } = options.limits;
  const record = (name: string) => options.events.record({ name, detail: null });

  async function owned(c: Context): Promise<ChallengeRow> {
    const row = await liveChallenge(db, challengeId(c), now());
    if (!sameSecret(sha256(c.req.header('X-Challenge-Key') ?? ''), row.keyHash)) {
      throw new HttpError(403, challengeText(languageOf(c), 'challenge.notYours'));
    }
    return row;
  }

  app.post('/', guard, async (c) => {
    const body = await readJson(c, challengeCreate);
    await perAddress.spend(ip(c));
    const listener = await listenerOf(c);
    const owner = 'user' in listener ? await ownerHash(listener.user.id) : null;
    if (owner) await perListener.spend(owner);
    const id = randomBytes(16).toString('base64url');
    const key = randomBytes(16).toString('base64url');
    const at = now();
    const expiresAt = new Date(at + CHALLENGE_DAYS * DAY_MS);
    // The artists' ids are not kept, and only pictures the product itself resolved.
    const artists: SnapshotArtist[] = body.artists.map((a) => ({
      name: a.name,
      image: a.image && pictureAllowed(a.image) ? a.image : null,
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
          // The challenge dialog shows this text as it is.
          const text = challengeText(languageOf(c), 'challenge.tooManyLinks', { count: LIVE_CHALLENGES });
          throw new HttpError(409, text);
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
    return c.json({ id, key, expiresAt: expiresAt.toISOString() }, 201);
  });

  app.route('/', friendRoutes(options));

  app.get('/:id/results', guard, async (c) => {
    const row = await owned(c);
    const rows = await db
      .select()
      .from(challengePlay)
      .where(and(eq(challengePlay.challengeId, row.id), isNotNull(challengePlay.finishedAt)))
      .orderBy(desc(challengePlay.score), desc(challengePlay.updatedAt))
      .limit(CHALLENGE_GAMES_KEPT);
    return c.json({
      played: rows.length,
      best: rows[0]?.score ?? 0,
      size: artistsOf(row).length,
      expiresAt: row.expiresAt.toISOString(),
      scores: rows.map((r) => ({ name: r.name, score: r.score, at: r.updatedAt.toISOString() })),
    });
  });

  app.delete('/:id', guard, async (c) => {
    const row = await owned(c);
    await db.delete(challenge).where(eq(challenge.id, row.id));
    return c.json({ ok: true });
  });

  return app;
}
