/**
 * The consent the phone sheet shows, word for word, and its version (docs/product.md, "The phone gate
 * and consent"). The server records both with every number it saves: bump the version whenever the
 * words change.
 */
export const CONSENT_VERSION = '2025-01';
export const CONSENT_TEXT =
  'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
  'Message and data rates may apply. Reply STOP to unsubscribe.';

/**
 * The double opt-in (docs/product.md, "The phone gate and consent"): a number is kept only once the
 * code texted to it comes back.
 */
export const SMS_CODE = {
  digits: 6,
  /** A code works this long after it was sent. */
  ttlSeconds: 600,
  /** Wrong tries a code allows before it is spent. */
  tries: 5,
  /** How long the sheet waits before it offers "Send a new code". */
  resendAfterSeconds: 30,
} as const;

/** What the sheet and the server say in the double opt-in, word for word. */
export const SMS_TEXTS = {
  codeSentTo: 'We texted a 6-digit code to',
  wrongCode: "That code didn't match. Try again.",
  expiredCode: 'That code has expired. Send a new one.',
  /**
   * Beside "Send a new code": a number that once replied STOP gets no code, and the sheet is told so only
   * for a number the listener confirmed before (docs/decisions/032-sms-double-opt-in.md, "STOP belongs to
   * the owner"), so its owner reads here what to do.
   */
  noCode: 'No text? If you once replied STOP to our texts, reply START to them first, then send a new code.',
} as const;

/** The answer for a number that replied STOP: only its owner can lift it, by texting START. */
export function optedOutText(ourNumber: string): string {
  return `This number has opted out of our texts. Text START to ${ourNumber} to allow them again.`;
}
