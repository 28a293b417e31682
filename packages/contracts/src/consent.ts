import type { Language } from './languages.ts';

/**
 * The consent the phone sheet shows, word for word, in each language, and each one's version
 * (docs/product.md, "The phone gate and consent"; docs/languages.md, "Consent texts"). The server records
 * the words, the version and the language with every number it saves, and refuses a pair it does not
 * know: a change of words is a new version of that language, never an edit of an old version's words
 * (consent.test.ts holds each version's fingerprint).
 */
export const CONSENTS: Record<Language, { version: string; text: string }> = {
  en: {
    version: '2025-01',
    text:
      'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
      'Message and data rates may apply. Reply STOP to unsubscribe.',
  },
  'es-419': {
    version: '2026-11',
    text:
      'Acepto recibir mensajes de texto de marketing ocasionales. El consentimiento no es una condición para ' +
      'usar la app. Pueden aplicarse tarifas de mensajes y datos. Responde STOP para darte de baja.',
  },
  'pt-BR': {
    version: '2026-11',
    text:
      'Concordo em receber mensagens de texto de marketing ocasionais. O consentimento não é uma condição ' +
      'para usar o app. Podem ser cobradas tarifas de mensagens e dados. Responda STOP para cancelar.',
  },
  fr: {
    version: '2026-11',
    text:
      "J'accepte de recevoir occasionnellement des SMS marketing. Ce consentement n'est pas une condition " +
      "d'utilisation de l'app. Des frais de messagerie et de données peuvent s'appliquer. Réponds STOP pour " +
      'te désabonner.',
  },
  de: {
    version: '2026-11',
    text:
      'Ich bin einverstanden, gelegentlich Marketing-SMS zu erhalten. Die Einwilligung ist keine ' +
      'Voraussetzung für die Nutzung der App. Es können Gebühren für Nachrichten und Daten anfallen. ' +
      'Antworte STOP, um dich abzumelden.',
  },
  ja: {
    version: '2026-11',
    text:
      'ときどきマーケティング用のSMSを受け取ることに同意します。同意はアプリを使う条件ではありません。' +
      'メッセージ料金やデータ通信料がかかる場合があります。配信停止はSTOPと返信してください。',
  },
};

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
