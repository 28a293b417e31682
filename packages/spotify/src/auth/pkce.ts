const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const ALPHANUMERIC = UNRESERVED.slice(0, 62);

/** Random string from `alphabet`, without modulo bias. */
export function randomString(length: number, alphabet = UNRESERVED): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(alphabet.charAt(byte % alphabet.length));
    }
  }
  return out.join('');
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 code challenge of a code verifier (RFC 7636). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** A 16-character state (letters and digits) to match the callback to its request. */
export function createState(): string {
  return randomString(16, ALPHANUMERIC);
}

/** A 128-character PKCE code verifier from the unreserved characters of RFC 7636. */
export function createCodeVerifier(): string {
  return randomString(128);
}
