import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What `open` found: the plain key, and whether it should be sealed again (an old secret, or unbound). */
export interface Opened {
  plain: string;
  reseal: boolean;
}

/**
 * Source keys (the Last.fm session key, the ListenBrainz user token) at rest: AES-256-GCM under a key
 * derived from SOURCE_KEY_SECRET (docs/deploy.md, "Source keys"). The secret may list several
 * comma-separated values for a rotation: the first encrypts, each is tried to decrypt.
 *
 * A key is bound to the row it belongs to: `v2.` seals carry the row's owner as GCM's additional data,
 * so a sealed key copied into another listener's row does not open there. `v1.` seals (before binding)
 * still open, once, and are sealed again bound (`reseal`).
 */
export function createKeyBox(secrets: string) {
  const keys = secrets
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => Buffer.from(hkdfSync('sha256', s, 'heavy-rotation', 'source keys v1', 32)));
  const [current] = keys;
  if (!current) throw new Error('SOURCE_KEY_SECRET is empty');

  function decrypt(key: Buffer, parts: string[], bound: string | undefined): string | undefined {
    const [iv, tag, body] = parts;
    if (!iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (bound !== undefined) decipher.setAAD(Buffer.from(bound, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }

  return {
    /** `v2.<iv>.<tag>.<ciphertext>`, base64url, opening only for the same `bound` (the row's owner). */
    seal(plain: string, bound: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(bound, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /**
     * The plain key, or undefined when no secret opens it for `bound` (a changed secret, or a key copied
     * from another row: the listener signs in again).
     */
    open(sealed: string, bound: string): Opened | undefined {
      const [version, ...parts] = sealed.split('.');
      if ((version !== 'v1' && version !== 'v2') || parts.length !== 3) return undefined;
      for (const [i, key] of keys.entries()) {
        const plain = decrypt(key, parts, version === 'v2' ? bound : undefined);
        if (plain !== undefined) return { plain, reseal: version === 'v1' || i > 0 };
      }
      return undefined;
    },
  };
}
export type KeyBox = ReturnType<typeof createKeyBox>;
