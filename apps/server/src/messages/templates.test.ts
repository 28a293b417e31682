import { LANGUAGES } from '@heavy-rotation/contracts';
import { expect, test } from 'vitest';
import { normaliseArtistName } from './normalise.ts';
import { SUCCESS_LINE_COUNT, templateSuccessLine } from './success-lines.ts';
import { templateWelcome, WELCOME_VARIANTS } from './welcome-lines.ts';

const names = Array.from({ length: 400 }, (_, i) => `Artist ${i}`);

test('success lines come in at least 30 distinct forms, each naming the artist', () => {
  expect(SUCCESS_LINE_COUNT).toBeGreaterThanOrEqual(30);
  const forms = new Set(names.map((n) => templateSuccessLine('en', n).replace(n, '{name}')));
  expect(forms.size).toBeGreaterThanOrEqual(30);
  for (const n of names.slice(0, 50)) expect(templateSuccessLine('en', n)).toContain(n);
});

test('the same artist always gets the same success line, whatever the spelling', () => {
  const form = (name: string) => templateSuccessLine('en', name).replace(name, '{name}');
  // Spellings of one artist share a line; across many artists the lines differ (else this proves nothing).
  for (const [a, b] of [
    ['Beyoncé', 'beyonce'],
    ['The Weeknd', 'weeknd'],
    ['AC/DC', 'acdc'],
  ] as const) {
    expect(form(a)).toBe(form(b));
  }
  expect(new Set(names.slice(0, 40).map(form)).size).toBeGreaterThan(1);
  expect(normaliseArtistName('The Weeknd')).toBe(normaliseArtistName('weeknd'));
  expect(normaliseArtistName('AC/DC')).toBe('acdc');
  expect(normaliseArtistName('Simon & Garfunkel')).toBe('simonandgarfunkel');
});

test('each welcome part has 15 variants and the same input gives the same words', () => {
  expect(WELCOME_VARIANTS).toEqual({ greeting: 15, reflection: 15, teaser: 15 });
  const lists = names.map((n, i) => [n, `Second ${i}`, `Third ${i}`]);
  for (const part of ['greeting', 'reflection', 'teaser'] as const) {
    const forms = new Set(
      lists.map((l) =>
        templateWelcome('en', l, 40)
          [part].replaceAll(l[0] as string, 'X')
          .replaceAll(l[1] as string, 'Y')
          .replaceAll(l[2] as string, 'Z'),
      ),
    );
    expect(forms.size).toBe(15);
  }
  expect(templateWelcome('en', ['A', 'B', 'C'], 40)).toEqual(
    templateWelcome('en', ['C', 'B', 'A'].reverse(), 40),
  );
});

test('the greeting names the first three names given; reflection and teaser name none of them', () => {
  for (const list of names.slice(0, 60).map((n, i) => [n, `Second ${i}`, `Third ${i}`, `Fourth ${i}`])) {
    const welcome = templateWelcome('en', list, 40);
    for (const n of list.slice(0, 3)) expect(welcome.greeting).toContain(n);
    expect(welcome.greeting).not.toContain(list[3]);
    for (const n of list) expect(`${welcome.reflection} ${welcome.teaser}`).not.toContain(n);
    expect(welcome.reflection).toContain('40');
  }
});

test('no welcome part claims a rank for a named artist', () => {
  for (const n of names.slice(0, 100)) {
    const text = Object.values(templateWelcome('en', [n, 'B', 'C'], 40))
      .join(' ')
      .toLowerCase();
    expect(text).not.toMatch(/number one|top spot|\bfirst\b|leads?\b|leading|headed|front|\bon top\b/);
  }
});

test('an empty list still gets a complete welcome, and a list with nothing unlocked names no one', () => {
  const empty = templateWelcome('en', [], 0);
  expect(empty.greeting && empty.reflection && empty.teaser).toBeTruthy();
  const none = templateWelcome('en', [], 40);
  expect(none.greeting).toContain('40');
});

test('every language has its own words for each line and welcome, naming the same artists', () => {
  const list = ['Dua Lipa', 'Rosalía', 'Kendrick Lamar'];
  const english = templateWelcome('en', list, 40);
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    for (const n of names.slice(0, 40)) {
      expect(templateSuccessLine(language, n), `${language} ${n}`).toContain(n);
      expect(templateSuccessLine(language, n)).not.toBe(templateSuccessLine('en', n));
    }
    const welcome = templateWelcome(language, list, 40);
    for (const n of list) expect(welcome.greeting, language).toContain(n);
    expect(welcome.reflection, language).toContain('40');
    for (const part of ['greeting', 'reflection', 'teaser'] as const)
      expect(welcome[part], `${language} ${part}`).not.toBe(english[part]);
    expect(templateWelcome(language, [], 0).greeting).not.toBe(templateWelcome('en', [], 0).greeting);
  }
});
