import { randomBytes } from 'node:crypto';
import * as admin from '@heavy-rotation/contracts/admin';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.ts';
import { adminAudit, adminSession, operator, waitlistSignup } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readQuery } from '../http/json.ts';
import type { FlagStore } from '../routes/flags.ts';
import { type AdminAuth, type AdminEnv, hash } from './auth.ts';
import { csvResponse } from './csv.ts';
import { erase, erasureTarget, type Removed, removedAnything } from './erase.ts';
import type { MailQueue } from './mail.ts';
import { stats } from './stats.ts';
import { messageableCsvPage, type PhoneHasher, phoneOf, subscribersPage } from './subscribers.ts';
import { invite, outboxPage, waitlistCsvPage, waitlistPage } from './waitlist.ts';

export interface AdminRouteOptions {
  db: Db;
  auth: AdminAuth;
  mail: MailQueue;
  flags: FlagStore;
  hashPhone: PhoneHasher;
  /** Where the invitation's link points. */
  signInUrl: string;
  /** Limits sign-in attempts per IP. */
  signInGuard: MiddlewareHandler;
  /** Forgets a cached profile row after an erasure (the embedded database's cache). */
  forgetProfile: (id: string) => void;
  /** Deletes the listener's challenge links; resolves how many there were. */
  /** The hash a listener's challenge links are kept under (their erasure removes them). */
  challengeOwner: (id: string) => Promise<string>;
  /**
   * A keyed hash standing for a person in the audit log, never their id or address: the entry outlives
   * an erasure and still names no one (docs/operator.md, "The audit log").
   */
  pseudonym: (text: string) => Promise<string>;
  now: () => number;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Exports are POSTs (a GET could be started by an image or a link on any page), from the console's own
 * page: the same-origin check has run; a no-cors request is refused too, since its answer is opaque to
 * the page and only its side effects (an export, an audit entry) would be real.
 */
const exportGuard: MiddlewareHandler<AdminEnv> = async (c, next) => {
  if (c.req.header('Sec-Fetch-Mode') === 'no-cors')
    throw new HttpError(403, 'Cross-site requests are not accepted');
  await next();
};

/** "1 profile, 2 consent records, …": the kinds an erasure removed, for the audit log. */
function describeRemoved(removed: Removed): string {
  const parts = Object.entries(removed)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? `removed ${parts.join(', ')}` : 'nothing found';
}
const LISTENER_ID = /^[\w:.@+-]{1,256}$/;

/** The listener id of a path, already decoded once by the router: never decoded again. */
function listenerId(id: string): string {
  if (!LISTENER_ID.test(id)) throw new HttpError(400, 'id: not a listener id');
  return id;
}

/**
 * The operator console's API, /api/admin/* (docs/operator.md): on when ADMIN_TOKEN is set; its outbox
 * says whether SMTP_URL sends the mail.
 */
export function adminRoutes(
  env: Pick<Env, 'ADMIN_TOKEN' | 'SMTP_URL'>,
  options: AdminRouteOptions,
): Hono<AdminEnv> {
  const enabled = env.ADMIN_TOKEN !== undefined;
  const { db, auth, now } = options;
  const { hashPhone } = options;
  const app = new Hono<AdminEnv>();

  app.get('/session', async (c) =>
    c.json({ enabled, actor: enabled ? ((await auth.actorOf(c)) ?? null) : null }, 200, NO_STORE),
  );
  app.post('/session', options.signInGuard, async (c) => {
    const body = await readJson(c, admin.adminSignIn);
    const signed = await auth.signIn(c, body.token, body.name);
    return c.json({ enabled: true, ...signed }, 200, NO_STORE);
  });
  app.delete('/session', async (c) => {
    await auth.signOut(c);
    return c.body(null, 204);
  });

  app.use('*', auth.requireAdmin);

  async function eraseAll(target: Awaited<ReturnType<typeof erasureTarget>>): Promise<Removed> {
    const owners = await Promise.all(target.listenerIds.map((id) => options.challengeOwner(id)));
    const removed = await erase(db, hashPhone, target, owners);
    for (const id of target.listenerIds) options.forgetProfile(id);
    return removed;
  }

  app.get('/waitlist', async (c) => {
    const query = readQuery(c, admin.waitlistQuery);
    return c.json(await waitlistPage(db, query), 200, NO_STORE);
  });
  app.post('/waitlist/invite', async (c) => {
    const { ids } = await readJson(c, admin.inviteRequest);
    const queued = await invite(db, [...new Set(ids)], options.signInUrl, now);
    await auth.audit(
      c.get('actor'),
      'invited',
      `${queued} signup${queued === 1 ? '' : 's'} (ids ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''})`,
    );
    options.mail.kick();
    return c.json({ queued }, 200, NO_STORE);
  });
  app.post('/waitlist.csv', exportGuard, async (c) => {
    await auth.audit(c.get('actor'), 'exported the waitlist');
    return csvResponse(
      'waitlist.csv',
      ['email', 'signed_up', 'status', 'invited_at'],
      (after: number | undefined) => waitlistCsvPage(db, after),
    );
  });
  app.get('/outbox', async (c) => {
    const { page } = readQuery(c, admin.listQuery);
    return c.json({ ...(await outboxPage(db, page ?? 1)), smtp: env.SMTP_URL !== undefined }, 200, NO_STORE);
  });

  app.get('/subscribers', async (c) => {
    const { q, page } = readQuery(c, admin.listQuery);
    return c.json(await subscribersPage(db, hashPhone, q, page ?? 1), 200, NO_STORE);
  });
  app.post('/subscribers/:id/reveal', async (c) => {
    const id = listenerId(c.req.param('id'));
    const phone = await phoneOf(db, id);
    if (!phone) throw new HttpError(404, 'No listener with a phone number has this id');
    await auth.audit(
      c.get('actor'),
      'revealed a phone number',
      `listener ${await options.pseudonym(`listener:${id}`)}`,
    );
    return c.json({ phone }, 200, NO_STORE);
  });
  app.delete('/subscribers/:id', async (c) => {
    const id = listenerId(c.req.param('id'));
    const removed = await eraseAll(await erasureTarget(db, { id }));
    if (!removedAnything(removed)) throw new HttpError(404, 'No listener has this id');
    await auth.audit(
      c.get('actor'),
      'erased a listener',
      `listener ${await options.pseudonym(`listener:${id}`)}; ${describeRemoved(removed)}`,
    );
    return c.json({ removed }, 200, NO_STORE);
  });
  // Someone known only by the address they signed up with is erased by that address.
  app.delete('/waitlist/:id', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, 'id: not a signup id');
    const [signup] = await db
      .select({ email: waitlistSignup.emailNormalised })
      .from(waitlistSignup)
      .where(eq(waitlistSignup.id, id));
    if (!signup) throw new HttpError(404, 'No signup has this id');
    const removed = await eraseAll(await erasureTarget(db, { email: signup.email }));
    await auth.audit(
      c.get('actor'),
      'erased a waitlist signup',
      `email ${await options.pseudonym(`email:${signup.email}`)}; ${describeRemoved(removed)}`,
    );
    return c.json({ removed }, 200, NO_STORE);
  });
  app.post('/subscribers.csv', exportGuard, async (c) => {
    await auth.audit(c.get('actor'), 'exported the numbers that may be messaged');
    return csvResponse(
      'subscribers.csv',
      ['phone_e164', 'display_name', 'consent_version', 'consented_at'],
      (after: string | undefined) => messageableCsvPage(db, hashPhone, after),
    );
  });

  app.get('/stats', async (c) => {
    const { days } = readQuery(c, admin.statsQuery);
    return c.json(await stats(db, Number(days ?? 30), now), 200, NO_STORE);
  });

  app.get('/flags', async (c) => {
    const flags = await options.flags.list();
    return c.json(
      { flags: flags.map((f) => ({ ...f, updatedAt: f.updatedAt?.toISOString() ?? null })) },
      200,
      NO_STORE,
    );
  });
  app.put('/flags/:key', async (c) => {
    const key = c.req.param('key');
    if (!admin.FLAG_KEY.test(key)) throw new HttpError(400, 'key: lowercase letters, digits and _');
    const { enabled } = await readJson(c, admin.flagUpdate);
    await options.flags.set(key, enabled);
    await auth.audit(c.get('actor'), 'flag changed', `${key} → ${enabled ? 'on' : 'off'}`);
    return c.json({ key, enabled }, 200, NO_STORE);
  });

  // Operators (docs/operator.md, "Operators"): a token is answered once and kept only as its SHA-256.
  const operatorJson = (r: typeof operator.$inferSelect): admin.OperatorRow => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  });
  app.get('/operators', async (c) => {
    const rows = await db.select().from(operator).orderBy(asc(operator.id));
    return c.json({ operators: rows.map(operatorJson) }, 200, NO_STORE);
  });
  app.post('/operators', async (c) => {
    const { name } = await readJson(c, admin.operatorAdd);
    const token = randomBytes(32).toString('base64url');
    const [row] = await db
      .insert(operator)
      .values({ name, tokenHash: hash(token) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, 'An operator already has that name');
    await auth.audit(c.get('actor'), 'added an operator', name);
    return c.json({ operator: operatorJson(row), token }, 201, NO_STORE);
  });
  app.delete('/operators/:id', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, 'id: not an operator id');
    if (id === c.get('operatorId')) throw new HttpError(400, 'Another operator has to revoke you');
    const [row] = await db
      .update(operator)
      .set({ revokedAt: new Date(now()) })
      .where(and(eq(operator.id, id), isNull(operator.revokedAt)))
      .returning();
    if (!row) throw new HttpError(404, 'No active operator has this id');
    // The session check already refuses a revoked account; its sessions are cleared too.
    await db.delete(adminSession).where(eq(adminSession.operatorId, id));
    await auth.audit(c.get('actor'), 'revoked an operator', row.name);
    return c.json({ operator: operatorJson(row) }, 200, NO_STORE);
  });

  app.get('/audit', async (c) => {
    const { page } = readQuery(c, admin.listQuery);
    const size = 50;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(adminAudit)
        .orderBy(desc(adminAudit.id))
        .limit(size)
        .offset(((page ?? 1) - 1) * size),
      db.select({ n: sql<number>`count(*)::int` }).from(adminAudit),
    ]);
    return c.json(
      {
        total: total?.n ?? 0,
        rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      },
      200,
      NO_STORE,
    );
  });
  return app;
}
