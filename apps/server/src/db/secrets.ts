import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSecret } from './schema.ts';

/** A server secret shared by every instance: the first to need it makes it, the rest read it. */
async function secretOf(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecret)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecret).where(eq(appSecret.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

/**
 * HMAC-SHA-256 under the named server secret (hex, or base64url where the rows keep it so): the same text
 * gives the same hash on every instance, and nobody without the database's secrets can test guesses
 * against it. The server's one keyed hash; the key never changes once made, so it is kept once read.
 */
export function createKeyedHash(db: Db, name: string, encoding: 'hex' | 'base64url' = 'hex') {
  let key: Promise<string> | undefined;
  return async (text: string): Promise<string> => {
    key ??= secretOf(db, name).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return createHmac('sha256', await key)
      .update(text)
      .digest(encoding);
  };
}
export type KeyedHash = ReturnType<typeof createKeyedHash>;
