import { createHash, randomBytes } from 'node:crypto';
import type { createEmulator } from './app.ts';

type App = ReturnType<typeof createEmulator>;

export const REDIRECT_URI = 'http://127.0.0.1:5173/callback';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: 'heavy-rotation-demo',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge_method: 'S256',
    code_challenge: challenge,
    state: 'xyz',
    scope: 'user-top-read user-read-email',
    ...extra,
  });
}

/** Walks the consent page as a browser would and returns the code from the redirect. */
export async function authorize(app: App, listenerId: string, challenge: string): Promise<string> {
  const form = authorizeQuery(challenge);
  form.set('listener', listenerId);
  const res = await app.request('/authorize', { method: 'POST', body: form });
  const location = new URL(res.headers.get('Location') ?? '');
  return location.searchParams.get('code') ?? '';
}

export function token(app: App, fields: Record<string, string>) {
  return app.request('/api/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'heavy-rotation-demo', ...fields }),
  });
}

export async function signIn(app: App, listenerId = 'demo-listener') {
  const { verifier, challenge } = pkcePair();
  const code = await authorize(app, listenerId, challenge);
  const res = await token(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

export function bearer(accessToken: string) {
  return { headers: { Authorization: `Bearer ${accessToken}` } };
}
