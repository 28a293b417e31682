import { t } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/keys.ts';
import { BUILT_IN_MESSAGES } from './built-in-messages.ts';

// One pattern for the whole module: compiling a Unicode property pattern costs about a millisecond in
// Chromium, so building one per key and per name made the first render of the list a long task.
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

const KEYS = Object.keys(BUILT_IN_MESSAGES);

function isWordCharBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  const low = text.charCodeAt(index - 1);
  // The character before may be the second half of a surrogate pair (one code point).
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  const point = text.codePointAt(start) ?? 0;
  return WORD_CHAR.test(String.fromCodePoint(point));
}

function isWordCharAt(text: string, index: number): boolean {
  const point = text.codePointAt(index);
  return point !== undefined && WORD_CHAR.test(String.fromCodePoint(point));
}

// Containment counts whole words only, so "Queen" lends nothing to "Christine and the Queens".
function containsWords(text: string, part: string): boolean {
  for (let i = text.indexOf(part); i !== -1; i = text.indexOf(part, i + 1)) {
    if (!isWordCharBefore(text, i) && !isWordCharAt(text, i + part.length)) return true;
  }
  return false;
}

// The same few dozen names are asked for on every render of the list: the line's id is kept.
const cache = new Map<string, MessageId | null>();
const CACHE_LIMIT = 500;

function lookUp(name: string): MessageId | null {
  if (Object.hasOwn(BUILT_IN_MESSAGES, name)) return BUILT_IN_MESSAGES[name] ?? null;
  for (const key of KEYS) {
    if (containsWords(name, key) || containsWords(key, name)) return BUILT_IN_MESSAGES[key] ?? null;
  }
  return null;
}

function lineIdOf(name: string): MessageId | null {
  const known = cache.get(name);
  if (known !== undefined) return known;
  const id = lookUp(name);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(name, id);
  return id;
}

/**
 * The built-in line for an artist, in the listener's language: exact name first (any case), then a name
 * containing a key or inside one.
 */
export function builtInMessage(artistName: string): string | null {
  const name = artistName.trim().toLowerCase();
  if (!name) return null;
  const id = lineIdOf(name);
  return id === null ? null : t(id);
}
