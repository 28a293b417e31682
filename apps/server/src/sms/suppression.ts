import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { smsSuppression, smsSuppressionErased } from '../db/schema.ts';
import { createKeyedHash } from '../db/secrets.ts';

/**
 * Keyed hashes of phone numbers, for STOPs that outlive an erasure (docs/operator.md, "Erasing a
 * listener").
 */
export function createPhoneHasher(db: Db) {
  return createKeyedHash(db, 'suppression');
}
export type PhoneHasher = ReturnType<typeof createPhoneHasher>;

/** Whether each number is suppressed: a STOP on the number, or on its hash after an erasure. */
export async function suppressed(db: Db, hashPhone: PhoneHasher, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const hashes = new Map<string, string>();
  for (const p of phones) hashes.set(await hashPhone(p), p);
  const [plain, hashed] = await Promise.all([
    db
      .select({ p: smsSuppression.phoneE164 })
      .from(smsSuppression)
      .where(inArray(smsSuppression.phoneE164, phones)),
    db
      .select({ h: smsSuppressionErased.phoneHash })
      .from(smsSuppressionErased)
      .where(inArray(smsSuppressionErased.phoneHash, [...hashes.keys()])),
  ]);
  return new Set([...plain.map((r) => r.p), ...hashed.map((r) => hashes.get(r.h) ?? '')]);
}
