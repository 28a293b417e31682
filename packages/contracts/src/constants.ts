/**
 * The contracts' plain values, without a schema: a web app screen that needs one of them does not load
 * the schemas (and zod) with it (docs/architecture.md, "The first frame").
 */
export { CONSENT_TEXT, CONSENT_VERSION, optedOutText, SMS_CODE, SMS_TEXTS } from './consent.ts';

/** The reply when there is no row (HTTP 406), as PostgREST words it. */
export const NO_ROW_CODE = 'PGRST116';

/** The most artists one POST /api/artist-images asks about. */
export const ARTIST_IMAGES_BATCH = 50;

/**
 * The signup page's query after the browser posted the waitlist form itself (no script, or before the
 * app had taken the page over): the server answers such a post with this page, saying how it went
 * (docs/product.md, "The waitlist form").
 */
export const SIGNUP_OUTCOME = { param: 'signup', thanks: 'thanks', error: 'error' } as const;
