import { answersData } from '@heavy-rotation/contracts';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';

function origin(url: string | undefined): string | undefined {
  return url ? new URL(url).origin : undefined;
}

/** The provider's origins (accounts and Web API), each once: the page reads data and images from them. */
function providerOrigins(env: Env): string[] {
  return [origin(env.SPOTIFY_ACCOUNTS_URL), origin(env.SPOTIFY_API_URL)].filter(
    (o, i, all): o is string => o !== undefined && all.indexOf(o) === i,
  );
}

const REFERRER = 'strict-origin-when-cross-origin';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Hono's `secureHeaders` with only the headers this server sends (apps/server/README.md, "Protection on
 * every route"): the rest of its defaults are off, so what an answer carries is what is listed here.
 */
const NONE_OF_THE_REST: Partial<SecureHeadersOptions> = {
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: false,
};

/**
 * Headers every response carries; no route sets any of them itself. Pages and scripts get the app's CSP
 * (scripts only from this origin; the provider's origins for data and images) and the document policies;
 * a data answer (the route table's `answersData`) is never a document, so it gets a CSP that lets it load
 * and run nothing, and not the headers only a document reads. The sign-in callback's page carries the
 * authorization code in its address: it sends no Referer at all.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const https = env.PUBLIC_ORIGIN?.startsWith('https://') ?? false;
  const provider = providerOrigins(env);
  const common: Partial<SecureHeadersOptions> = {
    ...NONE_OF_THE_REST,
    xContentTypeOptions: true,
    xFrameOptions: 'DENY',
    strictTransportSecurity: https ? 'max-age=63072000; includeSubDomains' : false,
  };
  const page: Partial<SecureHeadersOptions> = {
    ...common,
    referrerPolicy: REFERRER,
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...provider],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...provider],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
  const forPages = secureHeaders(page);
  const forCallback = secureHeaders({ ...page, referrerPolicy: 'no-referrer' });
  const forData = secureHeaders({
    ...common,
    referrerPolicy: REFERRER,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  });
  return (c, next) => {
    const path = c.req.path;
    if (answersData(path)) return forData(c, next);
    return path === '/callback' ? forCallback(c, next) : forPages(c, next);
  };
}
