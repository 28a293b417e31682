import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import { adminAudit, adminSession, operator } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { sameSecret } from '../http/identity.ts';
import { requireSameOrigin } from '../http/same-origin.ts';
import { createFirstOperator } from './operators.ts';

const ADMIN_COOKIE = 'hr_admin';
/** Only the console's API ever receives the cookie. */
const COOKIE_PATH = '/api/admin';

export type AdminEnv = { Variables: { actor: string; operatorId: number } };

/** The signed-in operator account. */
interface Signed {
  id: number;
  name: string;
}

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

export const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The console's sign-in (docs/operator.md, "Signing in"): ADMIN_TOKEN is exchanged for a random session
 * token in an HttpOnly, SameSite=Strict cookie (Secure on https) that expires; the database keeps only
 * its SHA-256, so every instance knows every session.
 */
function createAdminAuth(options: AdminAuthOptions) {
  const { db, now } = options;

  async function audit(actor: string, action: string, detail: string | null = null): Promise<void> {
    await db.insert(adminAudit).values({ actor, action, detail, createdAt: new Date(now()) });
  }

  /** The live session's operator: the session must not have expired, nor its account been revoked. */
  async function operatorOf(c: Context): Promise<Signed | undefined> {
    const token = getCookie(c, ADMIN_COOKIE);
    if (!options.adminToken || !token || token.length > 100) return undefined;
    const [row] = await db
      .select({ id: operator.id, name: operator.name })
      .from(adminSession)
      .innerJoin(operator, eq(operator.id, adminSession.operatorId))
      .where(
        and(
          eq(adminSession.tokenHash, hash(token)),
          gt(adminSession.expiresAt, new Date(now())),
          isNull(operator.revokedAt),
        ),
      );
    return row;
  }
  const actorOf = async (c: Context) => (await operatorOf(c))?.name;

  /** Every console call but the sign-in: a live session, and for changes, a same-origin request. */
  const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
    if (!options.adminToken) throw new HttpError(404, 'The operator console is off: set ADMIN_TOKEN');
    if (c.req.method !== 'GET') requireSameOrigin(c, options.own);
    const signed = await operatorOf(c);
    if (!signed) throw new HttpError(401, 'Sign in to the console');
    c.set('actor', signed.name);
    c.set('operatorId', signed.id);
    await next();
  };

  /**
   * ADMIN_TOKEN only while no operator exists: it creates the first account, named by the sign-in's name,
   * whose own token is answered once. Afterwards only an operator's own, unrevoked token signs in, and the
   * typed name is not used (docs/operator.md, "Operators").
   */
  async function signIn(
    c: Context,
    token: string,
    name: string | undefined,
  ): Promise<{ actor: string; token?: string }> {
    if (!options.adminToken) throw new HttpError(404, 'The operator console is off: set ADMIN_TOKEN');
    requireSameOrigin(c, options.own);
    let signed: Signed | undefined;
    let created: string | undefined;
    if (sameSecret(token, options.adminToken)) {
      const own = randomBytes(32).toString('base64url');
      // Only while the table is empty: racing first sign-ins, on any instance, make one account.
      const row = await createFirstOperator(db, name ?? '', hash(own));
      if (row) {
        signed = row;
        created = own;
        await audit(row.name, 'created the first operator', row.name);
      }
    } else if (token.length <= 100) {
      [signed] = await db
        .select({ id: operator.id, name: operator.name })
        .from(operator)
        .where(and(eq(operator.tokenHash, hash(token)), isNull(operator.revokedAt)));
    }
    if (!signed) {
      // Who tried, from where and when: never the token they typed.
      await audit('(nobody)', 'failed sign-in', `from ${options.addressOf(c)}`);
      throw new HttpError(401, 'That operator token is not right');
    }
    const session = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now() + options.sessionMs);
    // Expired sign-ins are cleared as new ones arrive.
    await db.delete(adminSession).where(lt(adminSession.expiresAt, new Date(now())));
    await db.insert(adminSession).values({ tokenHash: hash(session), operatorId: signed.id, expiresAt });
    setCookie(c, ADMIN_COOKIE, session, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: options.origin.startsWith('https:'),
      path: COOKIE_PATH,
      expires: expiresAt,
    });
    await audit(signed.name, 'signed in');
    return created ? { actor: signed.name, token: created } : { actor: signed.name };
  }

  async function signOut(c: Context): Promise<void> {
    const token = getCookie(c, ADMIN_COOKIE);
    if (token && token.length <= 100) {
      const signed = await operatorOf(c);
      await db.delete(adminSession).where(eq(adminSession.tokenHash, hash(token)));
      if (signed) await audit(signed.name, 'signed out');
    }
    deleteCookie(c, ADMIN_COOKIE, { path: COOKIE_PATH });
  }

  return { audit, actorOf, requireAdmin, signIn, signOut };
}
export type AdminAuth = ReturnType<typeof createAdminAuth>;

/** How long an operator's console sign-in lasts: a working day. */
const ADMIN_SESSION_MS = 8 * 3_600_000;

/** The console's sign-in with ADMIN_TOKEN (off when unset), sessions lasting ADMIN_SESSION_MS. */
export function adminAuthFromEnv(
  env: Pick<Env, 'ADMIN_TOKEN'>,
  shared: Omit<AdminAuthOptions, 'adminToken' | 'sessionMs'>,
): AdminAuth {
  return createAdminAuth({
    ...shared,
    adminToken: env.ADMIN_TOKEN,
    sessionMs: ADMIN_SESSION_MS,
  });
}
