import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { smsConsent, smsSuppression, userProfile } from '../db/schema.ts';
import { maskPhone } from '../sms/phone.ts';
import { type PhoneHasher, suppressed } from '../sms/suppression.ts';
import { safeCell } from './csv.ts';

const PAGE = 25;

/**
 * How a consent was confirmed (docs/operator.md, "Proving a consent"): by the code we texted, when it was
 * texted, the provider's id of that text, and when the code came back; all null for a number given
 * before codes existed.
 */
function howConfirmed(c: typeof smsConsent.$inferSelect) {
  const confirmed = c.confirmedBy !== null;
  return {
    confirmedBy: c.confirmedBy,
    codeSentAt: c.codeSentAt?.toISOString() ?? null,
    codeMessageSid: c.codeMessageSid,
    confirmedAt: confirmed ? c.createdAt.toISOString() : null,
  };
}

/** Listeners with a phone number, newest first, numbers masked, with their consent records. */
export async function subscribersPage(db: Db, hashPhone: PhoneHasher, q: string | undefined, page: number) {
  const term = q?.trim();
  const where = and(
    isNotNull(userProfile.phoneE164),
    term
      ? or(
          ilike(userProfile.displayName, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          eq(userProfile.id, term),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userProfile)
      .where(where)
      .orderBy(desc(userProfile.updatedAt), asc(userProfile.id))
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db.select({ n: sql<number>`count(*)::int` }).from(userProfile).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [consents, stopped] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(smsConsent)
          .where(inArray(smsConsent.userId, ids))
          .orderBy(desc(smsConsent.createdAt))
      : [],
    suppressed(
      db,
      hashPhone,
      rows.map((r) => r.phoneE164 ?? ''),
    ),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      displayName: r.displayName,
      phoneMasked: maskPhone(r.phoneE164) ?? '',
      suppressed: stopped.has(r.phoneE164 ?? ''),
      updatedAt: r.updatedAt.toISOString(),
      consents: consents
        .filter((c) => c.userId === r.id)
        .map((c) => ({
          text: c.consentText,
          version: c.consentVersion,
          language: c.consentLanguage,
          createdAt: c.createdAt.toISOString(),
          source: c.source,
          userAgent: c.userAgent,
          ...howConfirmed(c),
        })),
    })),
  };
}

export async function phoneOf(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: userProfile.phoneE164 })
    .from(userProfile)
    .where(eq(userProfile.id, id));
  return row?.phone ?? undefined;
}

/**
 * A page of the numbers that may be messaged, after a listener id: confirmed by code, never suppressed.
 */
export async function messageableCsvPage(db: Db, hashPhone: PhoneHasher, after: string | undefined) {
  const rows = await db
    .select({ id: userProfile.id, phone: userProfile.phoneE164, name: userProfile.displayName })
    .from(userProfile)
    .where(
      and(
        isNotNull(userProfile.phoneE164),
        after === undefined ? undefined : gt(userProfile.id, after),
        sql`not exists (select 1 from ${smsSuppression} where ${smsSuppression.phoneE164} = ${userProfile.phoneE164})`,
        // Only a number its owner confirmed with the texted code (docs/operator.md, "Proving a consent").
        sql`exists (select 1 from ${smsConsent} where ${smsConsent.userId} = ${userProfile.id} and ${smsConsent.phoneE164} = ${userProfile.phoneE164} and ${smsConsent.confirmedBy} is not null)`,
      ),
    )
    .orderBy(asc(userProfile.id))
    .limit(2000);
  const stopped = await suppressed(
    db,
    hashPhone,
    rows.map((r) => r.phone ?? ''),
  );
  const ids = rows.map((r) => r.id);
  // Each number's proof: the latest consent for that same number that its owner confirmed by code.
  const confirmed = ids.length
    ? await db
        .select()
        .from(smsConsent)
        .where(and(inArray(smsConsent.userId, ids), isNotNull(smsConsent.confirmedBy)))
        .orderBy(desc(smsConsent.createdAt), desc(smsConsent.id))
    : [];
  const proofOf = (r: (typeof rows)[number]) =>
    confirmed.find((c) => c.userId === r.id && c.phoneE164 === r.phone);
  return {
    rows: rows
      .filter((r) => r.phone && !stopped.has(r.phone))
      .map((r) => {
        const proof = proofOf(r);
        const how = proof ? howConfirmed(proof) : undefined;
        return [
          r.phone ?? '',
          safeCell(r.name),
          proof?.consentVersion ?? '',
          proof?.consentLanguage ?? '',
          how?.confirmedAt ?? '',
          safeCell(how?.confirmedBy ?? null),
          how?.codeSentAt ?? '',
          safeCell(how?.codeMessageSid ?? null),
        ];
      }),
    last: rows.at(-1)?.id,
  };
}
