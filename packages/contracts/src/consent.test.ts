import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { CONSENTS } from './consent.ts';
import { LANGUAGES } from './languages.ts';

/**
 * Every consent version ever shown, by language, with a fingerprint of its words (docs/languages.md,
 * "Consent texts"). Records prove what a listener agreed to by version: a version's words never change.
 * New words are a new version here (a line added, the old one kept), never an edited fingerprint.
 */
const SHOWN: Record<string, string> = {
  'en 2025-01': '37296a4b9dfa927c',
  'es-419 2026-11': 'f3421b58e2bd25ff',
  'pt-BR 2026-11': 'd3e37c18a9718e68',
  'fr 2026-11': 'da3f9e6922c9273d',
  'de 2026-11': '9db0484a0b39308c',
  'ja 2026-11': 'f774f9821fb90e21',
};

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

test("each language's consent is a version already known with exactly its words", () => {
  for (const language of LANGUAGES) {
    const { version, text } = CONSENTS[language];
    expect(fingerprint(text), `${language} ${version}: new words need a new version`).toBe(
      SHOWN[`${language} ${version}`],
    );
  }
});

test('English keeps the words of the product specification', () => {
  expect(CONSENTS.en).toEqual({
    version: '2025-01',
    text:
      'I agree to receive occasional marketing text messages. Consent is not a condition of using the app. ' +
      'Message and data rates may apply. Reply STOP to unsubscribe.',
  });
});

test('every language tells how to opt out with STOP, which every language understands', () => {
  for (const language of LANGUAGES) expect(CONSENTS[language].text).toContain('STOP');
});
