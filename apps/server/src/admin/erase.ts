import { eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as z from 'zod/mini';
import type { Db } from '../db/client.ts';
import {
  challenge,
  chartSnapshot,
  generatorUsage,
  mailOutbox,
  smsConsent,
  smsSuppression,
  smsSuppressionErased,
  smsVerification,
  sourceSession,
  sourceTopArtists,
  userProfile,
  waitlistSignup,
} from '../db/schema.ts';
import type { PhoneHasher } from '../sms/suppression.ts';

/** Who erases, and the pseudonym each listener id is named by in the audit log. */
export interface ErasureAudit {
  actor: string;
  pseudonyms: Map<string, string>;
}

const erasedCount = z.object({ rows: z.array(z.object({ n: z.coerce.number() })) });

/** What one erasure removed, kind by kind (the console shows it). */
export interface Removed {
  profiles: number;
  numbers: number;
  consentRecords: number;
  pendingCodes: number;
  sourceSessions: number;
  savedLists: number;
  chartSnapshots: number;
  generatorCounts: number;
  challengeLinks: number;
  waitlistSignups: number;
  outboxMail: number;
}

export interface ErasureTarget {
  /** Listener ids to erase (a listener found by their id, or those holding an address). */
  listenerIds: string[];
  /** Addresses whose waitlist signups and mail go too (lowercase). */
  emails: string[];
}

/**
 * Whom an erasure reaches (docs/operator.md, "Erasing a person"): a listener by id, with every address we
 * hold for them; or an address, with every listener whose provider returned it.
 */
export async function erasureTarget(db: Db, by: { id: string } | { email: string }): Promise<ErasureTarget> {
  if ('id' in by) {
    const rows = await db
      .select({ email: userProfile.email })
      .from(userProfile)
      .where(eq(userProfile.id, by.id));
    const emails = rows.map((r) => r.email?.toLowerCase()).filter((e): e is string => Boolean(e));
    return { listenerIds: [by.id], emails };
  }
  const email = by.email.trim().toLowerCase();
  const rows = await db
    .select({ id: userProfile.id })
    .from(userProfile)
    .where(sql`lower(${userProfile.email}) = ${email}`);
  return { listenerIds: rows.map((r) => r.id), emails: [email] };
}

/**
 * Every table an erasure deletes from or writes to (`erase` below; consent records through their one
 * door, a STOP kept as a keyed hash): `./compact.ts` rewrites each of them on the embedded database.
 */
export const ERASED_TABLES = [
  userProfile,
  smsConsent,
  smsVerification,
  smsSuppression,
  smsSuppressionErased,
  sourceSession,
  sourceTopArtists,
  chartSnapshot,
  generatorUsage,
  challenge,
  waitlistSignup,
  mailOutbox,
] as const;

/**
 * Erases people in one transaction: profile, number, consent records, pending codes, source sessions,
 * saved lists, weekly charts, generator counts, challenge links, waitlist signups and mail to them. A STOP on a number
 * stays, as a keyed hash of it, so it is still honoured. `owners` are the listeners' challenge-owner
 * hashes. Nothing here calls the network.
 *
 * Consent records go through `erase_listener_consent` (migration 0017), the one door that deletes them:
 * one listener's rows at a time, with its own audit line. Where a separate role owns the evidence, the
 * app's role can do nothing else to them (docs/deploy.md, "Evidence the app cannot change").
 */
export async function erase(
  db: Db,
  hashPhone: PhoneHasher,
  target: ErasureTarget,
  owners: string[],
  audit: ErasureAudit,
): Promise<Removed> {
  const { listenerIds: ids, emails } = target;
  const profiles = ids.length ? await db.select().from(userProfile).where(inArray(userProfile.id, ids)) : [];
  const phones = profiles.map((p) => p.phoneE164).filter((p): p is string => p !== null);
  const hashes = new Map<string, string>();
  for (const phone of phones) hashes.set(phone, await hashPhone(phone));
  const count = (rows: unknown[]) => rows.length;
  return db.transaction(async (tx) => {
    let consentRecords = 0;
    for (const id of ids) {
      const pseudonym = audit.pseudonyms.get(id) ?? '(unnamed)';
      const result: unknown = await tx.execute(
        sql`select erase_listener_consent(${id}, ${audit.actor}, ${pseudonym}) as n`,
      );
      consentRecords += z.parse(erasedCount, result).rows[0]?.n ?? 0;
    }
    /** Deletes the rows of `table` whose `column` is one of `values`; how many went. */
    const removeWhere = async (table: PgTable, column: AnyPgColumn, values: string[]) =>
      values.length
        ? count(await tx.delete(table).where(inArray(column, values)).returning({ one: sql`1` }))
        : 0;
    const removed: Removed = {
      profiles: await removeWhere(userProfile, userProfile.id, ids),
      numbers: phones.length,
      consentRecords,
      pendingCodes: await removeWhere(smsVerification, smsVerification.userId, ids),
      sourceSessions: await removeWhere(sourceSession, sourceSession.userId, ids),
      savedLists: await removeWhere(sourceTopArtists, sourceTopArtists.userId, ids),
      chartSnapshots: await removeWhere(chartSnapshot, chartSnapshot.userId, ids),
      generatorCounts: await removeWhere(generatorUsage, generatorUsage.userId, ids),
      challengeLinks: await removeWhere(challenge, challenge.ownerHash, owners),
      waitlistSignups: 0,
      outboxMail: 0,
    };
    if (emails.length > 0) {
      const signups = await tx
        .delete(waitlistSignup)
        .where(inArray(waitlistSignup.emailNormalised, emails))
        .returning({ id: waitlistSignup.id });
      removed.waitlistSignups = signups.length;
      const signupIds = signups.map((s) => s.id);
      removed.outboxMail = count(
        await tx
          .delete(mailOutbox)
          .where(
            or(
              inArray(sql`lower(${mailOutbox.toEmail})`, emails),
              signupIds.length ? inArray(mailOutbox.signupId, signupIds) : undefined,
            ),
          )
          .returning({ id: mailOutbox.id }),
      );
    }
    for (const phone of phones) {
      const [stop] = await tx.select().from(smsSuppression).where(eq(smsSuppression.phoneE164, phone));
      const others = await tx
        .select({ id: userProfile.id })
        .from(userProfile)
        .where(eq(userProfile.phoneE164, phone))
        .limit(1);
      if (stop && others.length === 0) {
        await tx
          .insert(smsSuppressionErased)
          .values({ phoneHash: hashes.get(phone) ?? '', keyword: stop.keyword })
          .onConflictDoNothing();
        await tx.delete(smsSuppression).where(eq(smsSuppression.phoneE164, phone));
      }
    }
    return removed;
  });
}

/** Whether an erasure found anything at all. */
export function removedAnything(removed: Removed): boolean {
  return Object.values(removed).some((n) => n > 0);
}
