import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import { adminAudit, adminSession } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret } from '../http/identity.ts';
import { requireSameOrigin } from '../http/same-origin.ts';

const ADMIN_COOKIE = 'hr_admin';
/** Only the console's API ever receives the cookie. */
const COOKIE_PATH = '/api/admin';

export type AdminEnv = { Variables: { actor: string } };

export interface AdminAuthOptions {
  db: Db;
  adminToken: string | undefined;
  /** How long a console sign-in lasts. */
  sessionMs: number;
  /** This server's public origin: Secure cookies on https, and the origins allowed to change things. */
  origin: string;
  own: string[];
  now: () => number;
  /** The caller's address, as the rate limits read it: a failed sign-in is audited with it. */
  addressOf: (c: Context) => string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The console's sign-in (docs/operator.md, "Signing in"): ADMIN_TOKEN is exchanged for a random session
 * token in an HttpOnly, SameSite=Strict cookie (Secure on https) that expires; the database keeps only
 * its SHA-256, so every instance knows every session.
 */
export function createAdminAuth(options: AdminAuthOptions) {
  const { db, now } = options;

  async function audit(actor: string, action: string, detail: string | null = null): Promise<void> {
    await db.insert(adminAudit).values({ actor, action, detail, createdAt: new Date(now()) });
  }

  async function actorOf(c: Context): Promise<string | undefined> {
    const token = getCookie(c, ADMIN_COOKIE);
    if (!options.adminToken || !token || token.length > 100) return undefined;
    const [row] = await db
      .select({ actor: adminSession.actor })
      .from(adminSession)
      .where(and(eq(adminSession.tokenHash, hash(token)), gt(adminSession.expiresAt, new Date(now()))));
    return row?.actor;
  }

  /** Every console call but the sign-in: a live session, and for changes, a same-origin request. */
  const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
    if (!options.adminToken) throw new HttpError(404, 'The operator console is off: set ADMIN_TOKEN');
    if (c.req.method !== 'GET') requireSameOrigin(c, options.own);
    const actor = await actorOf(c);
    if (!actor) throw new HttpError(401, 'Sign in to the console');
    c.set('actor', actor);
    await next();
  };

  async function signIn(c: Context, token: string, name: string): Promise<string> {
    if (!options.adminToken) throw new HttpError(404, 'The operator console is off: set ADMIN_TOKEN');
    requireSameOrigin(c, options.own);
    if (!sameSecret(token, options.adminToken)) {
      // Who tried, from where and when: never the token they typed.
      await audit('(nobody)', 'failed sign-in', `from ${options.addressOf(c)}`);
      throw new HttpError(401, 'That admin token is not right');
    }
    const session = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now() + options.sessionMs);
    // Expired sign-ins are cleared as new ones arrive.
    await db.delete(adminSession).where(lt(adminSession.expiresAt, new Date(now())));
    await db.insert(adminSession).values({ tokenHash: hash(session), actor: name, expiresAt });
    setCookie(c, ADMIN_COOKIE, session, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: options.origin.startsWith('https:'),
      path: COOKIE_PATH,
      expires: expiresAt,
    });
    await audit(name, 'signed in');
    return name;
  }

  async function signOut(c: Context): Promise<void> {
    const token = getCookie(c, ADMIN_COOKIE);
    if (token && token.length <= 100) {
      const [row] = await db
        .delete(adminSession)
        .where(eq(adminSession.tokenHash, hash(token)))
        .returning();
      if (row) await audit(row.actor, 'signed out');
    }
    deleteCookie(c, ADMIN_COOKIE, { path: COOKIE_PATH });
  }

  return { audit, actorOf, requireAdmin, signIn, signOut };
}
export type AdminAuth = ReturnType<typeof createAdminAuth>;
