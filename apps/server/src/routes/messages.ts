import { successRequest, welcomeRequest } from '@heavy-rotation/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { UserEnv, VerifiedUser } from '../http/identity.ts';
import { answerJson, answerJsonText, readJson } from '../http/json.ts';
import type { MessageWriter, SuccessResult } from '../messages/writer.ts';
import { SESSION_COOKIE } from '../sources/sessions.ts';

/** A signed-in caller has `user`; a guest (a Spotify data export, docs/product.md) has none. */
type CallerEnv = { Variables: { user?: VerifiedUser } };

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The answer of generate-success-message for a caller (null: a guest) and names, as JSON in UTF-8. */
export type SuccessAnswers = (userId: string | null, artistNames: string[]) => Promise<Buffer<ArrayBuffer>>;

const OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * Success lines as the answer's JSON, `{"results":[{artistName, message}, …]}`, each result's JSON kept
 * per artist name, in UTF-8, with the line it was made for. A listener's names are asked for again and
 * again, and serialising and encoding the whole answer anew was a large share of an answer from memory
 * (apps/server/README.md, "Hot paths").
 */
export function successAnswers(writer: MessageWriter): SuccessAnswers {
  const pieces = new Map<string, { message: string; json: Buffer }>();
  function resultsJson(results: SuccessResult[]): Buffer<ArrayBuffer> {
    const parts: Buffer[] = [OPEN];
    for (const { artistName, message } of results) {
      let piece = pieces.get(artistName);
      if (piece?.message !== message) {
        if (pieces.size >= 10_000) pieces.clear();
        piece = { message, json: Buffer.from(JSON.stringify({ artistName, message })) };
        pieces.set(artistName, piece);
      }
      if (parts.length > 1) parts.push(COMMA);
      parts.push(piece.json);
    }
    parts.push(CLOSE);
    return Buffer.concat(parts);
  }
  return (userId, artistNames) => writer.success(userId, artistNames).then(resultsJson);
}

/**
 * POST /functions/v1/generate-welcome-message and generate-success-message. A caller with a bearer token
 * or a session cookie must be a known listener; a caller with neither is a guest, answered from the
 * templates only and limited per IP by `guestGuard`.
 */
export function messageRoutes(
  writer: MessageWriter,
  success: SuccessAnswers,
  userGuard: MiddlewareHandler<UserEnv>,
  guestGuard: MiddlewareHandler,
): Hono<CallerEnv> {
  const app = new Hono<CallerEnv>();
  const caller: MiddlewareHandler<CallerEnv> = (c, next) => {
    const signedIn =
      c.req.header('Authorization') !== undefined || getCookie(c, SESSION_COOKIE) !== undefined;
    // Cast: the user guard sets the `user` this environment declares optional.
    return signedIn ? (userGuard as MiddlewareHandler<CallerEnv>)(c, next) : guestGuard(c, next);
  };
  app.post('/generate-welcome-message', caller, async (c) => {
    const { artists, listSize } = await readJson(c, welcomeRequest);
    const message = await writer.welcome(c.get('user')?.id ?? null, artists, listSize ?? artists.length);
    return answerJson(c, message, 200, NO_STORE);
  });
  app.post('/generate-success-message', caller, async (c) => {
    const { artistNames } = await readJson(c, successRequest);
    return answerJsonText(c, await success(c.get('user')?.id ?? null, artistNames), 200, NO_STORE);
  });
  return app;
}
