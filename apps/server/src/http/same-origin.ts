import type { Context } from 'hono';
import { HttpError } from './errors.ts';

/**
 * Refuses a state-changing call from another site: by `Origin` when the browser sends it, and by Fetch
 * Metadata (`Sec-Fetch-Site`). Calls that carry our cookies need this; a bearer token cannot ride along.
 */
export function requireSameOrigin(c: Context, own: string[]): void {
  const origin = c.req.header('Origin');
  const site = c.req.header('Sec-Fetch-Site');
  if (
    (origin !== undefined && !own.includes(origin)) ||
    (site !== undefined && !['same-origin', 'none'].includes(site))
  ) {
    throw new HttpError(403, 'Cross-site requests are not accepted');
  }
}
