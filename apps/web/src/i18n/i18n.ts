import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@heavy-rotation/contracts/languages';
import { i18n, type Messages } from '@lingui/core';
import type { MessageId } from './keys.ts';

/** The pseudo-language of the checks (vite/messages.ts): chosen only by its cookie. */
const PSEUDO = 'en-XA';
export type CatalogLanguage = Language | typeof PSEUDO;

// One module per language (vite/messages.ts): a page loads only its own.
const catalogs: Record<CatalogLanguage, () => Promise<{ messages: Messages }>> = {
  en: () => import('virtual:messages/en'),
  'es-419': () => import('virtual:messages/es-419'),
  'pt-BR': () => import('virtual:messages/pt-BR'),
  fr: () => import('virtual:messages/fr'),
  de: () => import('virtual:messages/de'),
  ja: () => import('virtual:messages/ja'),
  [PSEUDO]: () => import('virtual:messages/en-XA'),
};

const isCatalogLanguage = (value: unknown): value is CatalogLanguage => value === PSEUDO || isLanguage(value);

/**
 * The language of this page (docs/languages.md, "Which language"): the listener's choice kept in the
 * cookie, else the one the server picked from the browser's languages and wrote into `<html lang>`.
 */
export function languageOfPage(): CatalogLanguage {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const chosen = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  if (isCatalogLanguage(chosen)) return chosen;
  const page = document.documentElement.lang;
  return isCatalogLanguage(page) ? page : DEFAULT_LANGUAGE;
}

/** Loads a language's catalog and makes it the one every text is read from. */
export async function loadLanguage(language: CatalogLanguage): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The active language (the catalog every text is read from). */
export function activeLanguage(): CatalogLanguage {
  return isCatalogLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * Keeps the listener's choice for a year and reloads: the server then sends every page in it, and the
 * first frame is in it too (no text of the old language flashes).
 */
export function chooseLanguage(language: CatalogLanguage): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // The Cookie Store API is not in every browser we serve; the value is one of our own tags.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  location.reload();
}

/** A text in the listener's language: the message `id` of the catalogs, with its values (ICU). */
export function t(id: MessageId, values?: Record<string, string | number>): string {
  return i18n._(id, values);
}

/** A number as the listener's language writes it. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return i18n.number(value, options);
}
