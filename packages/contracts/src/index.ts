export {
  ARTIST_IMAGES_BATCH,
  CONSENT_TEXT,
  CONSENT_VERSION,
  NO_ROW_CODE,
  optedOutText,
  SMS_CODE,
  SMS_TEXTS,
} from './constants.ts';
export { type AnalyticsEvent, analyticsEvent, type EventName } from './events.ts';
export * from './replies.ts';
export {
  API_PREFIXES,
  answersData,
  CHALLENGE_PAGE,
  CONFIG_PATH,
  corsApplies,
  HEALTH_PATHS,
  isApiPath,
  PAGE_ROUTES,
  type PageRoute,
  pageRoute,
  SIGNUP_OUTCOME,
} from './route-table.ts';
export * from './routes.ts';
export * from './sources.ts';
