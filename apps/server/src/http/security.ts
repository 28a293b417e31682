import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';

function origin(url: string | undefined): string | undefined {
  return url ? new URL(url).origin : undefined;
}

/** The CSP of contracts.md: scripts only from this origin; the provider's origins for data and images. */
function contentSecurityPolicy(env: Env): string {
  const provider = [origin(env.SPOTIFY_ACCOUNTS_URL), origin(env.SPOTIFY_API_URL)].filter(
    (o, i, all): o is string => o !== undefined && all.indexOf(o) === i,
  );
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${provider.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' ${provider.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries. */
export function securityHeaders(env: Env): MiddlewareHandler {
  const csp = contentSecurityPolicy(env);
  const https = env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // The callback URL carries the authorization code: never leak it in a Referer.
    const callback = c.req.path === '/callback';
    h.set('Referrer-Policy', callback ? 'no-referrer' : 'strict-origin-when-cross-origin');
    if (https) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
