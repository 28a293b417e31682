import { HttpError } from '../http/errors.ts';

/**
 * Operator names (docs/operator.md, "Operators"): the audit log's "who", so two accounts must never read
 * alike. A name is kept in NFKC with its spaces trimmed and collapsed; invisible characters, letters of
 * mixed scripts and names that look like an existing one are refused (Unicode TS #39's "highly
 * restrictive" level and its confusable skeletons, cut down to the letters that pass for Latin).
 */

const MAX_LENGTH = 60;
/** Controls, format characters (zero-width joiners, bidi marks), private use, unassigned, surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const ALLOWED = /^[\p{L}\p{M}0-9 .,'’\-_()]+$/u;
const STACKED_MARKS = /\p{M}{3,}/u;

const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);

/** Scripts that are written together (TS #39, "highly restrictive"): any other mix is refused. */
const TOGETHER = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(letter: string): string | undefined {
  return SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0];
}

function oneScript(name: string): boolean {
  const seen = new Set<string>();
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    const script = scriptOf(char);
    if (!script) return false;
    seen.add(script);
  }
  return seen.size <= 1 || TOGETHER.some((set) => [...seen].every((s) => set.has(s)));
}

/** The name as kept, or a 400 saying what is wrong with it. */
export function operatorName(raw: string): string {
  if (INVISIBLE.test(raw)) throw new HttpError(400, 'name: no invisible or control characters');
  const name = raw.normalize('NFKC').trim().replace(/\s+/gu, ' ');
  if (!name) throw new HttpError(400, 'name: Enter your name');
  if (INVISIBLE.test(name)) throw new HttpError(400, 'name: no invisible or control characters');
  if ([...name].length > MAX_LENGTH) throw new HttpError(400, `name: at most ${MAX_LENGTH} characters`);
  if (!ALLOWED.test(name) || STACKED_MARKS.test(name))
    throw new HttpError(400, "name: letters, digits, spaces and . , ' - _ ( ) only");
  if (!oneScript(name)) throw new HttpError(400, 'name: letters of one script only');
  return name;
}

/** Cyrillic and Greek letters that pass for Latin ones, and digits and strokes that pass for letters. */
const LOOKS_LIKE: Record<string, string> = Object.fromEntries(
  [
    ['аa', 'еe', 'ёë', 'іi', 'јj', 'кk', 'оo', 'рp', 'сc', 'уy', 'хx', 'ѕs', 'ԁd', 'ԛq', 'ԝw', 'һh'],
    ['ӏl', 'үy', 'АA', 'ВB', 'ЕE', 'КK', 'МM', 'НH', 'ОO', 'РP', 'СC', 'ТT', 'ХX', 'УY', 'ІI', 'ЈJ'],
    ['ЅS', 'ԜW', 'ԚQ', 'ӀI', 'αa', 'οo', 'ρp', 'νv', 'ιi', 'κk', 'τt', 'υu', 'χx', 'ΑA', 'ΒB', 'ΕE'],
    ['ΖZ', 'ΗH', 'ΙI', 'ΚK', 'ΜM', 'ΝN', 'ΟO', 'ΡP', 'ΤT', 'ΥY', 'ΧX', 'ıi', '0O', "’'"],
  ]
    .flat()
    .map((pair) => [pair.slice(0, 1), pair.slice(1)]),
);
const STROKES: Record<string, string> = { I: 'l', '1': 'l', '|': 'l' };

function skeleton(name: string, strokes: boolean): string {
  const mapped = [...name]
    .map((c) => LOOKS_LIKE[c] ?? c)
    .map((c) => (strokes ? (STROKES[c] ?? c) : c))
    .join('');
  return [...mapped.toLowerCase()]
    .map((c) => LOOKS_LIKE[c] ?? c)
    .join('')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}

/** Whether two names would read alike in the console or the audit log (case, look-alike letters). */
export function looksAlike(a: string, b: string): boolean {
  const [x, y] = [a.normalize('NFKC'), b.normalize('NFKC')];
  return skeleton(x, false) === skeleton(y, false) || skeleton(x, true) === skeleton(y, true);
}
