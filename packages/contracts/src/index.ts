export { CONSENT_TEXT, CONSENT_VERSION } from './consent.ts';
export { type AnalyticsEvent, analyticsEvent, type EventName } from './events.ts';
export * from './routes.ts';
export * from './sources.ts';
