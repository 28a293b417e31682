import {
  acceptedLanguages,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  pickLanguage,
} from '@heavy-rotation/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The pseudo-language of the checks (docs/languages.md): its pages exist; the server speaks English in it. */
const PSEUDO = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO;

/**
 * The language of a request (docs/languages.md, "Which language"): the listener's choice kept in the
 * `hr_lang` cookie, else the first of the browser's `Accept-Language` we speak, else English. The web app
 * reads the same cookie, and the page's `<html lang>` the server wrote.
 */
export function pageLanguageOf(c: Context): PageLanguage {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  if (chosen === PSEUDO || isLanguage(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(c.req.header('Accept-Language')));
}

/** The language a text, a line or a texted code is written in: the page's, English for the pseudo-language. */
export function languageOf(c: Context): Language {
  const language = pageLanguageOf(c);
  return language === PSEUDO ? 'en' : language;
}

/** What an answer that depends on the language must say to caches. */
export const VARY_LANGUAGE = 'Accept-Language, Cookie';
