import * as admin from '@heavy-rotation/contracts/admin';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { readQuery } from '../http/json.ts';
import type { PhoneHasher } from '../sms/suppression.ts';
import type { AdminAuth, AdminEnv } from './auth.ts';
import { csvResponse, exportGuard } from './csv.ts';
import { listenerId } from './ids.ts';
import { messageableCsvPage, phoneOf, subscribersPage } from './subscribers.ts';

export interface SubscribersPanelOptions {
  db: Db;
  auth: AdminAuth;
  hashPhone: PhoneHasher;
  /** The audit log's name for a person (`./pseudonym.ts`). */
  pseudonym: (text: string) => string;
}

/**
 * The console's subscribers (docs/operator.md, "Subscribers"): numbers masked, a number revealed with an
 * audit entry, and the CSV of the numbers that may be messaged.
 */
export function subscribersPanelRoutes({
  db,
  auth,
  hashPhone,
  pseudonym,
}: SubscribersPanelOptions): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.get('/subscribers', async (c) => {
    const { q, page } = readQuery(c, admin.listQuery);
    return c.json(await subscribersPage(db, hashPhone, q, page ?? 1));
  });
  app.post('/subscribers/:id/reveal', async (c) => {
    const id = listenerId(c.req.param('id'));
    const phone = await phoneOf(db, id);
    if (!phone) throw new HttpError(404, 'No listener with a phone number has this id');
    await auth.audit(c.get('actor'), 'revealed a phone number', `listener ${pseudonym(`listener:${id}`)}`);
    return c.json({ phone });
  });
  app.post('/subscribers.csv', exportGuard, async (c) => {
    await auth.audit(c.get('actor'), 'exported the numbers that may be messaged');
    return csvResponse(
      'subscribers.csv',
      [
        'phone_e164',
        'display_name',
        'consent_version',
        'consent_language',
        'consented_at',
        'confirmed_by',
        'code_sent_at',
        'code_message_sid',
      ],
      (after: string | undefined) => messageableCsvPage(db, hashPhone, after),
    );
  });
  return app;
}
