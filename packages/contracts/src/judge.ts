/**
 * Judging a quiz guess against the ranked names (docs/product.md, "The quiz"; docs/decisions/004-quiz-judging.md). Pure; the normalised forms of a name list
 * are computed once per list (memoised by the array's identity) so a guess against 40 names is cheap.
 */

export type Judgement = { index: number; exact: boolean } | null;

// Symbols that stand in for letters in stage names ("P!nk", "Ke$ha"): an alternative form reads them
// as the letter, so both "pnk" and "pink" find P!nk.
const LETTER_STAND_INS: Record<string, string> = { '!': 'i', $: 's', '@': 'a' };

// Letters NFKD keeps whole that a keyboard without them spells out (docs/decisions/004-quiz-judging.md).
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

// The kana voicing marks (゛ ゜, combining after NFKD): バ and ハ are different sounds, not an accent.
const ACCENT = /(?![\u3099\u309a])\p{M}/gu;
// Katakana, and its iteration mark, read as the same hiragana: the code points sit 0x60 apart.
const KATAKANA = /[\u30a1-\u30f6\u30fd]/gu;
// The long-vowel mark ー: written, left out or typed as a dash by different listeners.
const LONG_VOWEL = /\u30fc/gu;

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(ACCENT, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/gu, (c) => SPELLED_OUT[c] ?? c)
    .replace(KATAKANA, (c) => String.fromCharCode((c.codePointAt(0) ?? 0) - 0x60))
    .replace(LONG_VOWEL, '')
    .replace(/&/g, ' and ')
    .trim();
}

/** Letters and digits only: spaces, punctuation and separators (・, /, ·) go; kana voicing marks stay. */
function squeeze(text: string): string {
  return text.replace(/[^\p{L}\p{N}\u3099\u309a]/gu, '');
}

function dropLeadingThe(text: string): string {
  const rest = text.replace(/^the\s+/u, '');
  return squeeze(rest) ? rest : text;
}

/** The comparable form of a name or guess. Names made only of punctuation ("!!!") keep their symbols. */
export function normaliseName(text: string): string {
  const folded = fold(text);
  return squeeze(dropLeadingThe(folded)) || folded.replace(/\s+/gu, '');
}

function formsOf(name: string): string[] {
  const folded = fold(name);
  const forms = new Set([normaliseName(name), squeeze(folded)]);
  const readAsLetters = folded.replace(/[!$@]/g, (c) => LETTER_STAND_INS[c] ?? c);
  forms.add(normaliseName(readAsLetters));
  forms.delete('');
  return [...forms];
}

/** Typos allowed for a name of this many letters: none under 5, one for 5-8, two for longer. */
function allowedTypos(letters: number): number {
  if (letters < 5) return 0;
  return letters <= 8 ? 1 : 2;
}

/** Damerau-Levenshtein (optimal string alignment) distance, or max + 1 once it must exceed max. */
function typoDistance(a: string[], b: string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      }
      row.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

interface PreparedName {
  forms: string[];
  letters: string[][];
}

const prepared = new WeakMap<readonly string[], PreparedName[]>();

function prepare(names: readonly string[]): PreparedName[] {
  let list = prepared.get(names);
  if (!list) {
    list = names.map((name) => {
      const forms = formsOf(name);
      return { forms, letters: forms.map((form) => [...form]) };
    });
    prepared.set(names, list);
  }
  return list;
}

/**
 * The index of the artist a guess names, or null. Exact matches win; otherwise the closest name within
 * its typo allowance (lowest rank on a tie). A guess that is only part of a name ("Future" against
 * "Futures") is not taken as a typo of it.
 */
export function judgeGuess(guess: string, names: readonly string[]): Judgement {
  const target = normaliseName(guess);
  if (!target) return null;
  const list = prepare(names);
  for (let index = 0; index < list.length; index++) {
    if (list[index]?.forms.includes(target)) return { index, exact: true };
  }
  const targetLetters = [...target];
  let best: { index: number; distance: number } | null = null;
  for (let index = 0; index < list.length; index++) {
    const name = list[index];
    if (!name) continue;
    for (let f = 0; f < name.forms.length; f++) {
      const letters = name.letters[f] ?? [];
      const max = allowedTypos(letters.length);
      if (max === 0 || name.forms[f]?.includes(target)) continue;
      const distance = typoDistance(targetLetters, letters, max);
      if (distance <= max && (!best || distance < best.distance)) best = { index, distance };
    }
  }
  return best ? { index: best.index, exact: false } : null;
}

/** Hint 1: the first letter of the name as written. */
export function firstLetterHint(name: string): string {
  const first = [...name.trim()].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? [...name.trim()][0] ?? '';
  return first.toLocaleUpperCase();
}

/** Hint 2: every letter as "_" except each word's first ("T _ _ _   W _ _ _ _ _"). */
export function letterPatternHint(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .map((word) =>
      [...word]
        .map((c, i) => (i === 0 ? c.toLocaleUpperCase() : /[\p{L}\p{N}]/u.test(c) ? '_' : c))
        .join(' '),
    )
    .join('   ');
}
