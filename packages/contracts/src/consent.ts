/**
 * The consent the phone sheet shows, word for word, and its version (docs/product.md, "The phone gate
 * and consent"). The server records both with every number it saves: bump the version whenever the
 * words change.
 */
export const CONSENT_VERSION = '2025-01';
export const CONSENT_TEXT =
  'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
  'Message and data rates may apply. Reply STOP to unsubscribe.';
