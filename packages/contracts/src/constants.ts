/**
 * The contracts' plain values, without a schema: a web app screen that needs one of them does not load
 * the schemas (and zod) with it (docs/architecture.md, "The first frame").
 */
export { CONSENTS, SMS_CODE } from './consent.ts';

/** The reply when there is no row (HTTP 406), as PostgREST words it. */
export const NO_ROW_CODE = 'PGRST116';

/** The most artists one POST /api/artist-images asks about. */
export const ARTIST_IMAGES_BATCH = 50;
