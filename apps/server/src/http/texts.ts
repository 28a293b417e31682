import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@heavy-rotation/contracts';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A domain's texts in every language: `text(language, id, values)`. */
export type Texts<Id extends string> = (
  language: Language,
  id: Id,
  values?: Record<string, string | number>,
) => string;

/**
 * A domain's catalog (docs/languages.md, "Catalogs"): its `locales/<language>.json` files,
 * imported by the domain (so the build carries them), ICU messages by id, compiled once at start. English
 * is the source; a message missing in another language fails `npm test` (http/texts.test.ts) and falls
 * back to English should one slip through.
 */
export function loadTexts<English extends Record<string, string>>(
  catalogs: { en: English } & Record<Language, Record<string, string>>,
): Texts<Extract<keyof English, string>> {
  const compiled = new Map<Language, I18n>();
  for (const language of LANGUAGES) {
    const source = { ...catalogs[DEFAULT_LANGUAGE], ...catalogs[language] };
    const messages = Object.fromEntries(
      Object.entries(source).map(([id, message]) => [id, compileMessageOrThrow(message)]),
    );
    compiled.set(language, setupI18n({ locale: language, messages: { [language]: messages } }));
  }
  return (language, id, values) =>
    (compiled.get(language) ?? compiled.get(DEFAULT_LANGUAGE))?._(id, values) ?? id;
}
