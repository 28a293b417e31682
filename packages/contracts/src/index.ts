export { ARTIST_IMAGES_BATCH, CONSENTS, NO_ROW_CODE, SMS_CODE } from './constants.ts';
export { type AnalyticsEvent, analyticsEvent, type EventName } from './events.ts';
export {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  pickLanguage,
} from './languages.ts';
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
