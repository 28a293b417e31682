import { CHALLENGE_ID, challengeGuess, challengePlayResult } from '@heavy-rotation/contracts/challenges';
import { judgeGuess } from '@heavy-rotation/contracts/judge';
import type { ChallengeView } from '@heavy-rotation/contracts/replies';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import type { EventLog } from '../events/log.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json.ts';
import { languageOf } from '../http/language.ts';
import type { Limits } from '../http/limits.ts';
import {
  addFound,
  artistsOf,
  type ChallengeRow,
  challengeId,
  finishGame,
  isOpen,
  liveChallenge,
  shown,
  startEmptyGame,
  startGame,
} from './games.ts';
import { challengeText } from './texts.ts';

/**
 * The public view of a link: the name, how many ranks, and the open ranks only. Nothing of a locked
 * rank is in it: not its name, image or id (docs/decisions/027-challenge-links.md).
 */
function publicView(row: ChallengeRow, pictureAllowed: (url: string) => boolean): ChallengeView {
  const artists = artistsOf(row);
  return {
    id: row.id,
    name: row.name,
    size: artists.length,
    open: artists.flatMap((_, i) => (isOpen(i) ? [shown(row, i, pictureAllowed)] : [])),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What a friend's side of a link is built from (`./routes.ts` hands it over). */
export interface FriendRouteOptions {
  db: Db;
  limits: Pick<Limits, 'challengeGuesses' | 'challengeGuessesPerLink' | 'challengePlays'>;
  events: EventLog;
  /** The apikey and per-address checks every public call passes. */
  guard: MiddlewareHandler;
  /** The caller's address (behind trusted proxies). */
  ip: (c: Context) => string;
  /** Whether a picture address is from the product's own image hosts (`images/hosts.ts`). */
  pictureAllowed: (url: string) => boolean;
  now: () => number;
}

/**
 * A friend's side of a link (docs/product.md, "Challenge a friend"): its public view, guesses judged
 * here, and the finished game's score as the server counted it.
 */
export function friendRoutes(options: FriendRouteOptions): Hono {
  const { db, guard, ip, pictureAllowed, now } = options;
  const {
    challengeGuesses: guesses,
    challengeGuessesPerLink: linkGuesses,
    challengePlays: plays,
  } = options.limits;
  // Counts only: which event, and for a guess whether it was right (docs/product.md, "Analytics events").
  const record = (name: string, detail: string | null = null) => options.events.record({ name, detail });
  const app = new Hono();

  app.get('/:id', guard, async (c) => {
    const row = await liveChallenge(db, challengeId(c), now());
    record('challenge_opened');
    return c.json(publicView(row, pictureAllowed));
  });

  // A guess is the friend's typed text, judged here by the quiz's own judge (docs/decisions/004-quiz-judging.md):
  // the names stay on the server, and a right one is kept for the friend's game. Guesses are budgeted per
  // address and link, and per link from every address together.
  app.post('/:id/guesses', guard, async (c) => {
    const id = challengeId(c);
    await guesses.spend(`${ip(c)}|${id}`);
    await linkGuesses.spend(id);
    const { guess, playId } = await readJson(c, challengeGuess);
    const row = await liveChallenge(db, id, now());
    const judged = judgeGuess(
      guess,
      artistsOf(row).map((a) => a.name),
    );
    record('challenge_guess', judged ? 'right' : 'wrong');
    const game = { id, playId };
    if (judged && !isOpen(judged.index) && !(await addFound(db, game, judged.index + 1))) {
      // A new game is one of the address's games on this link.
      await plays.spend(`${ip(c)}|${id}`);
      await startGame(db, game, judged.index + 1, new Date(now()));
    }
    const match = judged ? shown(row, judged.index, pictureAllowed) : null;
    return c.json({ match });
  });

  app.put('/:id/plays/:playId', guard, async (c) => {
    const id = challengeId(c);
    const playId = c.req.param('playId');
    if (!CHALLENGE_ID.test(playId)) throw new HttpError(400, 'playId: not a game id');
    // Saving a game costs one of the address's guesses on the link; a new game, one of its games too.
    await guesses.spend(`${ip(c)}|${id}`);
    const body = await readJson(c, challengePlayResult);
    const row = await liveChallenge(db, id, now());
    const size = artistsOf(row).length;
    const name = body.name || null;
    const at = new Date(now());
    // The score is what the server judged right in this game: nothing the friend sends counts.
    const saved = await finishGame(db, { id, playId }, name, at);
    if (saved) {
      if (saved.first) record('challenge_finished');
      return c.json({ score: saved.score, size });
    }
    // A game without a right guess: a new game, one of the address's games on this link.
    await plays.spend(`${ip(c)}|${id}`);
    if (!(await startEmptyGame(db, { id, playId }, name, at)))
      throw new HttpError(409, challengeText(languageOf(c), 'challenge.full'));
    record('challenge_finished');
    return c.json({ score: 0, size });
  });

  return app;
}
