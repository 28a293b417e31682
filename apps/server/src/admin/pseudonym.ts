import { createHmac, hkdfSync } from 'node:crypto';
import type { Env } from '../env.ts';

/**
 * The audit log's name for a person (docs/operator.md, "Audit log"): `p-` and 16 hex digits of an
 * HMAC-SHA-256 under a key derived from SOURCE_KEY_SECRET's first value (the embedded database's
 * SOURCE_KEY_FILE), never from anything in the database, so whoever reads the database, operators
 * included, cannot recompute one for a guessed email or id. A rotation of the secret starts new pseudonyms.
 */
export function createPseudonym(secrets: string): (text: string) => string {
  const first = secrets
    .split(',')
    .map((s) => s.trim())
    .find((s) => s.length > 0);
  if (!first) throw new Error('SOURCE_KEY_SECRET is empty');
  const key = Buffer.from(hkdfSync('sha256', first, 'heavy-rotation', 'audit pseudonyms v1', 32));
  return (text) => `p-${createHmac('sha256', key).update(text).digest('hex').slice(0, 16)}`;
}

/** The pseudonym of SOURCE_KEY_SECRET, or of the secret kept in SOURCE_KEY_FILE (`createDeps`). */
export function pseudonymFromEnv(
  env: Pick<Env, 'SOURCE_KEY_SECRET'>,
  shared: { sourceKeySecret: string | undefined },
): (text: string) => string {
  const secret = env.SOURCE_KEY_SECRET ?? shared.sourceKeySecret;
  if (!secret) throw new Error('Invalid configuration: SOURCE_KEY_SECRET is not set');
  return createPseudonym(secret);
}
