import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { waitlistSignup } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { PhoneHasher } from '../sms/suppression.ts';
import type { AdminAuth, AdminEnv } from './auth.ts';
import { type ErasureTarget, erase, erasureTarget, type Removed, removedAnything } from './erase.ts';
import { listenerId, serialId } from './ids.ts';

export interface ErasureRouteOptions {
  db: Db;
  auth: AdminAuth;
  hashPhone: PhoneHasher;
  /** Forgets a cached profile row after an erasure (the embedded database's cache). */
  forgetProfile: (id: string) => void;
  /** The hash a listener's challenge links are kept under (their erasure removes them). */
  challengeOwner: (id: string) => Promise<string>;
  /**
   * A keyed hash standing for a person in the audit log, never their id or address: the entry outlives
   * an erasure and still names no one (docs/operator.md, "Audit log"; `./pseudonym.ts`).
   */
  pseudonym: (text: string) => string;
  /** Run after each erasure: the embedded database rewrites what it touched (`./compact.ts`). */
  compact?: () => Promise<void>;
}

/** "1 profile, 2 consent records, …": the kinds an erasure removed, for the audit log. */
function describeRemoved(removed: Removed): string {
  const parts = Object.entries(removed)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? `removed ${parts.join(', ')}` : 'nothing found';
}

/**
 * DELETE /subscribers/:id and /waitlist/:id (docs/operator.md, "Erasing a person"), behind the
 * console's session check. The audit names pseudonyms only; on the embedded database the erasure is
 * followed by rewriting what it touched (`options.compact`).
 */
export function erasureRoutes(options: ErasureRouteOptions): Hono<AdminEnv> {
  const { db, auth } = options;
  const app = new Hono<AdminEnv>();

  async function eraseAll(actor: string, target: ErasureTarget): Promise<Removed> {
    const owners = await Promise.all(target.listenerIds.map((id) => options.challengeOwner(id)));
    const pseudonyms = new Map(target.listenerIds.map((id) => [id, options.pseudonym(`listener:${id}`)]));
    const removed = await erase(db, options.hashPhone, target, owners, { actor, pseudonyms });
    for (const id of target.listenerIds) options.forgetProfile(id);
    if (removedAnything(removed)) await options.compact?.();
    return removed;
  }

  app.delete('/subscribers/:id', async (c) => {
    const id = listenerId(c.req.param('id'));
    const removed = await eraseAll(c.get('actor'), await erasureTarget(db, { id }));
    if (!removedAnything(removed)) throw new HttpError(404, 'No listener has this id');
    await auth.audit(
      c.get('actor'),
      'erased a listener',
      `listener ${options.pseudonym(`listener:${id}`)}; ${describeRemoved(removed)}`,
    );
    return c.json({ removed });
  });
  // Someone known only by the address they signed up with is erased by that address.
  app.delete('/waitlist/:id', async (c) => {
    const id = serialId(c.req.param('id'), 'a signup id');
    const [signup] = await db
      .select({ email: waitlistSignup.emailNormalised })
      .from(waitlistSignup)
      .where(eq(waitlistSignup.id, id));
    if (!signup) throw new HttpError(404, 'No signup has this id');
    const removed = await eraseAll(c.get('actor'), await erasureTarget(db, { email: signup.email }));
    await auth.audit(
      c.get('actor'),
      'erased a waitlist signup',
      `email ${options.pseudonym(`email:${signup.email}`)}; ${describeRemoved(removed)}`,
    );
    return c.json({ removed });
  });
  return app;
}
