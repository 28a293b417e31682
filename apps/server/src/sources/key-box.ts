import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Source keys (the Last.fm session key, the ListenBrainz user token) at rest: AES-256-GCM under a key
 * derived from SOURCE_KEY_SECRET (docs/deploy.md, "Source keys"). The secret may list several
 * comma-separated values for a rotation: the first encrypts, each is tried to decrypt.
 */
export function createKeyBox(secrets: string) {
  const keys = secrets
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => Buffer.from(hkdfSync('sha256', s, 'heavy-rotation', 'source keys v1', 32)));
  const [current] = keys;
  if (!current) throw new Error('SOURCE_KEY_SECRET is empty');
  return {
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The plain key, or undefined when no secret opens it (a changed secret: the listener signs in again). */
    open(sealed: string): string | undefined {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
            'utf8',
          );
        } catch {
          // Not this key: try the next one.
        }
      }
      return undefined;
    },
  };
}
export type KeyBox = ReturnType<typeof createKeyBox>;
