/** The consent the phone sheet shows (docs/product.md, "The phone gate and consent"); bump the version whenever the words change. */
export const CONSENT_VERSION = '2025-01';
export const CONSENT_TEXT =
  'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
  'Message and data rates may apply. Reply STOP to unsubscribe.';

export const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
export const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);
