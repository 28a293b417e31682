import * as admin from '@heavy-rotation/contracts/admin';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { readJson, readQuery } from '../http/json.ts';
import type { AdminAuth, AdminEnv } from './auth.ts';
import { csvResponse, exportGuard } from './csv.ts';
import { serialId } from './ids.ts';
import type { MailQueue } from './mail.ts';
import { invite, outboxPage, waitlistCsvPage, waitlistPage } from './waitlist.ts';

export interface WaitlistPanelOptions {
  db: Db;
  auth: AdminAuth;
  mail: MailQueue;
  /** Where the invitation's link points. */
  signInUrl: string;
  now: () => number;
}

/**
 * The console's waitlist and outbox (docs/operator.md, "Waitlist"): signups, invitations, the CSV, and
 * the outbox, which says whether SMTP_URL sends the mail.
 */
export function waitlistPanelRoutes(
  env: Pick<Env, 'SMTP_URL'>,
  { db, auth, mail, signInUrl, now }: WaitlistPanelOptions,
): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/waitlist', async (c) => {
    const query = readQuery(c, admin.waitlistQuery);
    return c.json(await waitlistPage(db, query));
  });
  app.post('/waitlist/invite', async (c) => {
    const { ids } = await readJson(c, admin.inviteRequest);
    for (const id of ids) serialId(id, 'a signup id');
    const queued = await invite(db, [...new Set(ids)], signInUrl, now);
    await auth.audit(
      c.get('actor'),
      'invited',
      `${queued} signup${queued === 1 ? '' : 's'} (ids ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''})`,
    );
    mail.kick();
    return c.json({ queued });
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
    return c.json({ ...(await outboxPage(db, page ?? 1)), smtp: env.SMTP_URL !== undefined });
  });
  return app;
}
