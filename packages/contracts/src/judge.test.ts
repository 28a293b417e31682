import { expect, test } from 'vitest';
import { firstLetterHint, judgeGuess, letterPatternHint, normaliseName } from './judge.ts';

const NAMES = [
  'Beyoncé',
  'The Weeknd',
  'AC/DC',
  'P!nk',
  'Simon & Garfunkel',
  'Sigur Rós',
  'Rosalía',
  'Björk',
  'Florence + The Machine',
  'Tyler, The Creator',
  'Earth, Wind & Fire',
  'Mötley Crüe',
  'Guns N’ Roses',
  'Ke$ha',
  '宇多田ヒカル',
  'BTS',
  '방탄소년단',
  'Кино',
  'Фёдор Чистяков',
  'عمرو دياب',
  'Futures',
  'Hall & Oates',
  'The The',
  '!!!',
  'Sade',
  'Taylor Swift',
  'Kendrick Lamar',
  'Mitski',
  'Tom Petty and the Heartbreakers',
  'ＡＢＢＡ',
  'Moderat',
  'Moderator',
  'Coldplay',
  'Metallica',
  'ヨルシカ',
  'ハイ・ロー',
  'サザンオールスターズ',
  'ゆず',
  'ずっと真夜中でいいのに。',
  'Ñengo Flow',
  'Großstadtgeflüster',
  'MØ',
  'Kælan Mikla',
  'Kwiat Jabłoni',
  'Ólafur Arnalds',
];

const at = (name: string) => NAMES.indexOf(name);

// [guess, expected artist or null, why]
const TABLE: [string, string | null, string][] = [
  ['Beyoncé', 'Beyoncé', 'exact'],
  ['beyonce', 'Beyoncé', 'diacritics dropped'],
  ['BEYONCE', 'Beyoncé', 'case'],
  ['  beyoncé  ', 'Beyoncé', 'surrounding spaces'],
  ['weeknd', 'The Weeknd', 'leading "the" dropped'],
  ['the weeknd', 'The Weeknd', 'with "the"'],
  ['theweeknd', 'The Weeknd', '"the" glued on'],
  ['the weekend', 'The Weeknd', 'one typo (insertion), 6 letters'],
  ['acdc', 'AC/DC', 'punctuation dropped'],
  ['ac dc', 'AC/DC', 'space instead of slash'],
  ['pink', 'P!nk', 'symbol read as a letter'],
  ['p!nk', 'P!nk', 'exact with symbol'],
  ['kesha', 'Ke$ha', 'dollar read as s'],
  ['simon and garfunkel', 'Simon & Garfunkel', '"and" for "&"'],
  ['simon & garfunkel', 'Simon & Garfunkel', '"&" as written'],
  ['simon garfunkel', null, '"and" missing is 3 typos'],
  ['earth wind and fire', 'Earth, Wind & Fire', 'commas and "&"'],
  ['hall and oates', 'Hall & Oates', '"&" again'],
  ['sigur ros', 'Sigur Rós', 'acute accent'],
  ['rosalia', 'Rosalía', 'accent in the middle'],
  ['bjork', 'Björk', 'umlaut, 5 letters'],
  ['motley crue', 'Mötley Crüe', 'two umlauts'],
  ['guns n roses', 'Guns N’ Roses', 'typographic apostrophe'],
  ["guns n' roses", 'Guns N’ Roses', 'straight apostrophe'],
  ['tyler the creator', 'Tyler, The Creator', '"the" in the middle stays'],
  ['florence and the machine', null, '"+" is not "&"'],
  ['florence the machine', 'Florence + The Machine', 'plus sign dropped'],
  ['宇多田ヒカル', '宇多田ヒカル', 'Japanese'],
  ['방탄소년단', '방탄소년단', 'Korean'],
  ['кино', 'Кино', 'Cyrillic lower case'],
  ['федор чистяков', 'Фёдор Чистяков', 'Cyrillic diaeresis'],
  ['عمرو دياب', 'عمرو دياب', 'Arabic'],
  ['abba', 'ＡＢＢＡ', 'full-width letters (NFKD)'],
  ['bts', 'BTS', 'short exact'],
  ['bst', null, 'short name, transposition rejected'],
  ['sada', null, '4 letters: no typo allowed'],
  ['mitsky', 'Mitski', '6 letters: one typo'],
  ['mitkzy', null, '6 letters: two typos rejected'],
  ['bjrok', 'Björk', '5 letters: one transposition'],
  ['moderta', 'Moderat', '7 letters: transposition'],
  ['moderater', 'Moderator', 'one letter off a 9-letter name'],
  ['coldpaly', 'Coldplay', '8 letters: one typo'],
  ['koldpaly', null, '8 letters: two typos rejected'],
  ['metalika', 'Metallica', '9 letters: two typos'],
  ['metalik', null, '9 letters: three typos rejected'],
  ['kendrik lamr', 'Kendrick Lamar', '13 letters: two typos'],
  ['kndrik lamr', null, '13 letters: three typos rejected'],
  ['taylor swfit', 'Taylor Swift', 'transposition in a long name'],
  ['taylr swfit', 'Taylor Swift', 'two typos in a long name'],
  ['future', null, 'substring of "Futures" is not a typo of it'],
  ['swift', null, 'part of a name'],
  ['tom petty', null, 'part of a long name'],
  ['the the', 'The The', '"the" only'],
  ['the', 'The The', 'leading "the" alone'],
  ['!!!', '!!!', 'a name of symbols only'],
  ['', null, 'empty guess'],
  ['   ', null, 'blank guess'],
  ['madonna', null, 'not in the list'],
  // Typed on a phone in any of the app's languages (docs/decisions/004-quiz-judging.md, "Scripts and keyboards").
  ['ヨルシカ', 'ヨルシカ', 'katakana as written'],
  ['よるしか', 'ヨルシカ', 'hiragana for katakana'],
  ['ﾖﾙｼｶ', 'ヨルシカ', 'half-width katakana'],
  ['ユズ', 'ゆず', 'katakana for hiragana'],
  ['ゆす', null, 'a voicing mark is not an accent: す is not ず'],
  ['ハイロー', 'ハイ・ロー', 'middle dot left out'],
  ['ハイ ロー', 'ハイ・ロー', 'a space for the middle dot'],
  ['ﾊｲ･ﾛｰ', 'ハイ・ロー', 'half-width dot and long-vowel mark'],
  ['ハイロ', 'ハイ・ロー', 'long-vowel mark left out'],
  ['ハイロ-', 'ハイ・ロー', 'a dash for the long-vowel mark'],
  ['はいろー', 'ハイ・ロー', 'hiragana with the long-vowel mark'],
  ['ｻｻﾞﾝｵｰﾙｽﾀｰｽﾞ', 'サザンオールスターズ', 'half-width katakana with voicing marks'],
  ['さざんおーるすたーず', 'サザンオールスターズ', 'a long name in hiragana'],
  ['ずっと真夜中でいいのに', 'ずっと真夜中でいいのに。', 'the full stop left out'],
  ['ズット真夜中デイイノニ', 'ずっと真夜中でいいのに。', 'katakana for the kana among kanji'],
  ['ｂｅｙｏｎｃｅ', 'Beyoncé', 'full-width Latin letters from a Japanese keyboard'],
  ['nengo flow', 'Ñengo Flow', 'Ñ without its tilde'],
  ['ÑENGO FLOW', 'Ñengo Flow', 'Ñ in capitals'],
  ['grossstadtgeflüster', 'Großstadtgeflüster', 'ß spelled ss'],
  ['GROSSSTADTGEFLUESTER', 'Großstadtgeflüster', 'ss and ü as ue (one typo in a long name)'],
  ['mo', 'MØ', 'ø as o'],
  ['kaelan mikla', 'Kælan Mikla', 'æ spelled ae'],
  ['kwiat jabloni', 'Kwiat Jabłoni', 'ł as l'],
  ['olafur arnalds', 'Ólafur Arnalds', 'Ó without its accent'],
];

test('the judging table holds', () => {
  expect(TABLE.length).toBeGreaterThanOrEqual(40);
  const wrong = TABLE.filter(([guess, expected]) => {
    const result = judgeGuess(guess, NAMES);
    return (result ? NAMES[result.index] : null) !== expected;
  }).map(([guess, expected, why]) => `${guess} → ${expected} (${why})`);
  expect(wrong).toEqual([]);
});

test('an exact match wins over a closer typo of an earlier rank', () => {
  expect(judgeGuess('moderator', NAMES)).toEqual({ index: at('Moderator'), exact: true });
  expect(judgeGuess('moderat', NAMES)).toEqual({ index: at('Moderat'), exact: true });
});

test('a typo match is marked as not exact', () => {
  expect(judgeGuess('beyonse', NAMES)).toEqual({ index: at('Beyoncé'), exact: false });
});

test('names normalise as the design says', () => {
  expect(normaliseName('The Weeknd')).toBe('weeknd');
  expect(normaliseName('Simon & Garfunkel')).toBe('simonandgarfunkel');
  expect(normaliseName('AC/DC')).toBe('acdc');
  expect(normaliseName('ハイ・ロー')).toBe('はいろ');
  expect(normaliseName('Großstadtgeflüster')).toBe('grossstadtgefluster');
});

test('hints give the first letter, then the letter pattern', () => {
  expect(firstLetterHint('the Weeknd')).toBe('T');
  expect(firstLetterHint('¡Forward, Russia!')).toBe('F');
  expect(letterPatternHint('Tame Wonder')).toBe('T _ _ _   W _ _ _ _ _');
  expect(letterPatternHint('AC/DC')).toBe('A _ / _ _');
});
