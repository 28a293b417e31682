import * as admin from '@heavy-rotation/contracts/admin';
import { desc, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { adminAudit } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { readJson, readQuery } from '../http/json.ts';
import type { FlagStore } from '../routes/flags.ts';
import type { AdminEnv } from './auth.ts';
import { csvResponse } from './csv.ts';
import { type ErasureRouteOptions, erasureRoutes } from './erasure-routes.ts';
import { listenerId, serialId } from './ids.ts';
import type { MailQueue } from './mail.ts';
import { operatorRoutes } from './operator-routes.ts';
import { stats } from './stats.ts';
import { messageableCsvPage, phoneOf, subscribersPage } from './subscribers.ts';
import { invite, outboxPage, waitlistCsvPage, waitlistPage } from './waitlist.ts';

export interface AdminRouteOptions extends ErasureRouteOptions {
  mail: MailQueue;
  flags: FlagStore;
  /** Where the invitation's link points. */
  signInUrl: string;
  /** Limits sign-in attempts per IP. */
  signInGuard: MiddlewareHandler;
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
  // Erasing a person (docs/operator.md, "Erasing a person").
  app.route('/', erasureRoutes(options));

  app.get('/waitlist', async (c) => {
    const query = readQuery(c, admin.waitlistQuery);
    return c.json(await waitlistPage(db, query), 200, NO_STORE);
  });
  app.post('/waitlist/invite', async (c) => {
    const { ids } = await readJson(c, admin.inviteRequest);
    for (const id of ids) serialId(id, 'a signup id');
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
      `listener ${options.pseudonym(`listener:${id}`)}`,
    );
    return c.json({ phone }, 200, NO_STORE);
  });
  app.post('/subscribers.csv', exportGuard, async (c) => {
    await auth.audit(c.get('actor'), 'exported the numbers that may be messaged');
    return csvResponse(
      'subscribers.csv',
      [
        'phone_e164',
        'display_name',
        'consent_version',
        'consented_at',
        'confirmed_by',
        'code_sent_at',
        'code_message_sid',
      ],
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

  // Operators (docs/operator.md, "Operators"): adding, revoking, each under the roster's lock.
  app.route('/operators', operatorRoutes(db, now));

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
