/**
 * The languages Heavy Rotation speaks (docs/languages.md): English is the default and the specification's
 * words; the others are the listener's choice or their browser's. Tags are BCP 47, as `<html lang>`,
 * `Content-Language` and `Intl` read them.
 */
export const LANGUAGES = ['en', 'es-419', 'pt-BR', 'fr', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'es-419': 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
};

/** The cookie that keeps a listener's choice, read by the server to send the page in that language. */
export const LANGUAGE_COOKIE = 'hr_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for a list of preferences, most wanted first (`navigator.languages`, or an
 * `Accept-Language` header's tags by weight): the first whose tag or whose base language we speak.
 * Any Spanish is our Latin American Spanish, any Portuguese our Brazilian Portuguese.
 */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const wanted of preferences) {
    const tag = wanted.trim().toLowerCase();
    if (!tag || tag === '*') continue;
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0];
    const byBase = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === base);
    if (byBase) return byBase;
  }
  return DEFAULT_LANGUAGE;
}

const TAG = /^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/;

/** The tags of an `Accept-Language` header, highest weight first (ties keep their order); at most 20 read. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => TAG.test(entry.tag) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
