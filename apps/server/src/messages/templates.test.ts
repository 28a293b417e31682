import { expect, test } from 'vitest';
import { normaliseArtistName } from './normalise.ts';
import { SUCCESS_LINE_COUNT, templateSuccessLine } from './success-lines.ts';
import { templateWelcome, WELCOME_VARIANTS } from './welcome-lines.ts';

const names = Array.from({ length: 400 }, (_, i) => `Artist ${i}`);

test('success lines come in at least 30 distinct forms, each naming the artist', () => {
  expect(SUCCESS_LINE_COUNT).toBeGreaterThanOrEqual(30);
  const forms = new Set(names.map((n) => templateSuccessLine(n).replace(n, '{name}')));
  expect(forms.size).toBeGreaterThanOrEqual(30);
  for (const n of names.slice(0, 50)) expect(templateSuccessLine(n)).toContain(n);
});

test('the same artist always gets the same success line, whatever the spelling', () => {
  expect(templateSuccessLine('Beyoncé')).toBe(templateSuccessLine('Beyoncé'));
  expect(normaliseArtistName('The Weeknd')).toBe(normaliseArtistName('weeknd'));
  expect(normaliseArtistName('AC/DC')).toBe('acdc');
  expect(normaliseArtistName('Simon & Garfunkel')).toBe('simonandgarfunkel');
});

test('each welcome part has 15 variants and the same list gives the same words', () => {
  expect(WELCOME_VARIANTS).toEqual({ greeting: 15, reflection: 15, teaser: 15 });
  const lists = names.map((n, i) => [n, `Second ${i}`, `Third ${i}`, 'Fourth']);
  for (const part of ['greeting', 'reflection', 'teaser'] as const) {
    const forms = new Set(
      lists.map((l) =>
        templateWelcome(l)
          [part].replaceAll(l[0] as string, 'X')
          .replaceAll(l[1] as string, 'Y')
          .replaceAll(l[2] as string, 'Z'),
      ),
    );
    expect(forms.size).toBe(15);
  }
  expect(templateWelcome(['A', 'B', 'C'])).toEqual(templateWelcome(['A', 'B', 'C']));
});

test('the greeting names the first three artists and the reflection knows the list size', () => {
  const welcome = templateWelcome(['Beyoncé', 'The Weeknd', 'AC/DC', 'P!nk']);
  for (const n of ['Beyoncé', 'The Weeknd', 'AC/DC']) expect(welcome.greeting).toContain(n);
  expect(welcome.greeting).not.toContain('P!nk');
  expect(welcome.reflection).toMatch(/Beyoncé|4|3/);
});

test('an empty list still gets a complete welcome', () => {
  const welcome = templateWelcome([]);
  expect(welcome.greeting && welcome.reflection && welcome.teaser).toBeTruthy();
});
