import { SIGNUP_OUTCOME, type WaitlistForm } from '@heavy-rotation/contracts';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { waitlistSignup } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { nulPath } from '../http/json.ts';
import { languageOf } from '../http/language.ts';
import { requireSameOrigin } from '../http/same-origin.ts';

/** local@domain.tld, nothing around it: no spaces, commas, semicolons, brackets, quotes or a second @. */
const ONE_ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"'\\]+\.[^\s@,;:<>()[\]"'\\.]+$/;

function field(form: Record<string, unknown>, name: keyof WaitlistForm): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** A post the browser made itself as a page load (a form without the app), not a fetch. */
function isNavigation(c: Context): boolean {
  const mode = c.req.header('Sec-Fetch-Mode');
  if (mode !== undefined) return mode === 'navigate';
  return (c.req.header('Accept') ?? '').includes('text/html');
}

/**
 * The signup page posts its form itself when the app is not running (docs/product.md, "The waitlist
 * form"): such a post is answered with the signup page saying how it went (See Other, so that a reload
 * does not post again), where the app's fetch gets JSON. Whatever refused it (a bad field, another
 * site, the rate limit) counts as "went wrong".
 */
const answerNavigation: MiddlewareHandler = async (c, next) => {
  await next();
  if (!isNavigation(c)) return;
  const outcome = c.res.ok ? SIGNUP_OUTCOME.thanks : SIGNUP_OUTCOME.error;
  c.res = new Response(null, {
    status: 303,
    headers: { Location: `/signup?${SIGNUP_OUTCOME.param}=${outcome}` },
  });
};

/** POST /: the signup form (docs/product.md, "The waitlist form"). */
export function waitlistRoutes(
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'WEB_ORIGIN'>,
  db: Db,
  guard: MiddlewareHandler,
): Hono {
  const allowed = [env.PUBLIC_ORIGIN, env.WEB_ORIGIN]
    .filter((o): o is string => o !== undefined)
    .map((o) => new URL(o).origin);
  const app = new Hono();
  app.post('/', answerNavigation, guard, async (c) => {
    const type = c.req.header('Content-Type') ?? '';
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
      throw new HttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
    }
    // Only our own page may post here: refuse other sites by Origin and by Fetch Metadata.
    requireSameOrigin(c, [new URL(c.req.url).origin, ...allowed]);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, 'Malformed form body');
    }
    const nul = nulPath(form);
    if (nul !== undefined) throw new HttpError(400, `${nul}: must not contain NUL characters`);
    if (field(form, 'form-name') !== 'signup') throw new HttpError(400, 'form-name: expected "signup"');
    // A filled honeypot is a bot: answer as if all went well and keep nothing.
    if (field(form, 'bot-field') !== '') return c.json({ ok: true });
    const email = field(form, 'email').trim();
    if (email.length === 0 || email.length > 254 || !email.includes('@')) {
      throw new HttpError(400, 'email: must be an email address of at most 254 characters');
    }
    // One signup is one address: a list, or a display name with an address in brackets, would send one
    // invitation to several people (docs/product.md, "The waitlist form").
    if (!ONE_ADDRESS.test(email)) throw new HttpError(400, 'Enter one email address');
    await db
      .insert(waitlistSignup)
      .values({
        email,
        emailNormalised: email.toLowerCase(),
        subject: field(form, 'subject').slice(0, 200) || null,
        // The invitation is written in the language this page was read in (docs/languages.md, "Catalogs").
        language: languageOf(c),
      })
      .onConflictDoNothing({ target: waitlistSignup.emailNormalised });
    return c.json({ ok: true });
  });
  return app;
}
