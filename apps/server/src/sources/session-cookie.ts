import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { sessionCookieName } from '../http/listener.ts';
import type { SessionStore, SourceSession } from './sessions.ts';

/** Whether the server is reached over https: its cookies are `__Host-` and Secure then. */
export function secure(origin: string): boolean {
  return origin.startsWith('https:');
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain, until the session expires; on https
 * `__Host-hr_session` with Secure (`sessionCookieName`).
 */
export function setSessionCookie(c: Context, origin: string, token: string, expiresAt: Date): void {
  setCookie(c, sessionCookieName(origin), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(origin),
    path: '/',
    expires: expiresAt,
  });
}

/** The session of the request's cookie (rotating it when due), or undefined. */
export async function sessionOf(
  c: Context,
  sessions: SessionStore,
  origin: string,
): Promise<SourceSession | undefined> {
  const token = getCookie(c, sessionCookieName(origin));
  if (!token || token.length > 200) return undefined;
  const found = await sessions.find(token);
  if (!found) return undefined;
  if (found.rotated) setSessionCookie(c, origin, found.rotated, found.session.expiresAt);
  return found.session;
}
