import type artist from './locales/en/artist.json';
import type artwork from './locales/en/artwork.json';
import type challenge from './locales/en/challenge.json';
import type common from './locales/en/common.json';
import type landing from './locales/en/landing.json';
import type messages from './locales/en/messages.json';
import type page from './locales/en/page.json';
import type phone from './locales/en/phone.json';
import type quiz from './locales/en/quiz.json';
import type shell from './locales/en/shell.json';
import type top40 from './locales/en/top40.json';

/** Every message id: the English catalog's keys (docs/languages.md). A wrong id fails the type check. */
export type MessageId =
  | keyof typeof artist
  | keyof typeof artwork
  | keyof typeof challenge
  | keyof typeof common
  | keyof typeof landing
  | keyof typeof messages
  | keyof typeof page
  | keyof typeof phone
  | keyof typeof quiz
  | keyof typeof shell
  | keyof typeof top40;
