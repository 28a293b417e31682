export { ARTIST_IMAGES_BATCH, CONSENT_TEXT, CONSENT_VERSION, NO_ROW_CODE } from './constants.ts';
export { type AnalyticsEvent, analyticsEvent, type EventName } from './events.ts';
export * from './replies.ts';
export * from './routes.ts';
export * from './sources.ts';
