import { ServerResponse } from 'node:http';
import { answersData } from '@heavy-rotation/contracts';
import type { Context, MiddlewareHandler, Next } from 'hono';
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

/**
 * Node's response of a call that came through Node's HTTP server (none for in-process calls: tests).
 * Headers set on it before the handler runs are merged by Node with the answer's own, the answer's
 * winning on a clash; the answer itself stays a plain one, never rebuilt around a Headers object.
 */
export function outgoingOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

const REFERRER = 'strict-origin-when-cross-origin';

/** The fixed headers of pages and scripts, and of data answers (see `securityHeaders`). */
function fixedHeaders(env: Env): { forPages: [string, string][]; forData: [string, string][] } {
  const https = env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...(https
      ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'] as [string, string]]
      : []),
  ];
  return {
    forPages: [
      ['Content-Security-Policy', contentSecurityPolicy(env)],
      ...common,
      ['Cross-Origin-Opener-Policy', 'same-origin'],
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ],
    forData: [['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"], ...common],
  };
}

/** The security headers of a data answer (an API path), all of them. */
export function dataHeaders(env: Env): [string, string][] {
  return [...fixedHeaders(env).forData, ['Referrer-Policy', REFERRER]];
}

/**
 * Headers every response carries; no route sets any of them itself. Pages and scripts get the app's CSP
 * and the document policies (apps/server/README.md, "Protection on every route"); a data answer is never a document,
 * so it gets a CSP that lets it load and run nothing, and not the headers only a document reads, which
 * keeps each API answer some 500 bytes shorter.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const { forPages, forData } = fixedHeaders(env);
  const onAnswer = async (c: Context, next: Next, fixed: [string, string][], referrer: string) => {
    await next();
    const h = c.res.headers;
    for (const [name, value] of fixed) h.set(name, value);
    h.set('Referrer-Policy', referrer);
  };
  // Not an async function: over Node's server it only sets headers and passes the call on.
  return (c, next) => {
    const path = c.req.path;
    // The callback URL carries the authorization code: never leak it in a Referer.
    const referrer = path === '/callback' ? 'no-referrer' : REFERRER;
    const fixed = answersData(path) ? forData : forPages;
    const outgoing = outgoingOf(c);
    if (!outgoing) return onAnswer(c, next, fixed, referrer);
    for (const [name, value] of fixed) outgoing.setHeader(name, value);
    outgoing.setHeader('Referrer-Policy', referrer);
    return next();
  };
}
