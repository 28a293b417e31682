// @vitest-environment node
import { LANGUAGES } from '@heavy-rotation/contracts/languages';
import { expect, test } from 'vitest';
import { readCatalog } from '../../../vite/messages.ts';
import { t } from '../../i18n/i18n.ts';
import { BUILT_IN_MESSAGES } from './built-in-messages.ts';
import { builtInMessage } from './match-message.ts';
import { messageFor } from './success-lines.ts';

/** The built-in line of a table key, in English (the language of the tests). */
const line = (key: string) => t(BUILT_IN_MESSAGES[key] ?? 'messages.default');

test('the built-in table covers at least 50 artists with short lines, in every language', () => {
  const entries = Object.entries(BUILT_IN_MESSAGES);
  expect(entries.length).toBeGreaterThanOrEqual(50);
  expect(line('taylor swift')).toBe('Every era of your month had a Taylor Swift song in it.');
  for (const language of LANGUAGES) {
    const catalog = readCatalog(language);
    for (const [key, id] of entries) {
      expect(key).toBe(key.toLowerCase());
      expect(catalog[id]?.length, `${language} ${id}`).toBeLessThan(90);
    }
  }
});

test('names match the table whatever their case', () => {
  expect(builtInMessage('TAYLOR SWIFT')).toBe(line('taylor swift'));
  expect(builtInMessage('the Weeknd')).toBe(line('the weeknd'));
});

test('an exact match wins over containment', () => {
  // "Queen" is also contained in longer keys' artists; the exact key must win.
  expect(builtInMessage('Queen')).toBe(line('queen'));
});

test('a name containing a known artist, or contained in one, gets that line', () => {
  expect(builtInMessage('Drake & Friends')).toBe(line('drake'));
  expect(builtInMessage('Weeknd')).toBe(line('the weeknd'));
});

test('containment counts whole words only', () => {
  expect(builtInMessage('Christine and the Queens')).toBeNull();
  expect(builtInMessage('Drakeo the Ruler')).toBeNull();
});

test('unknown names and blanks have no built-in line', () => {
  expect(builtInMessage('Velvet Harbour')).toBeNull();
  expect(builtInMessage('   ')).toBeNull();
  expect(builtInMessage('constructor')).toBeNull();
});

test('messageFor prefers the stored message, then the table, then the default', () => {
  expect(messageFor('Velvet Harbour', { 'Velvet Harbour': 'Stored.' })).toBe('Stored.');
  expect(messageFor('Taylor Swift', {})).toBe(line('taylor swift'));
  expect(messageFor('Velvet Harbour', {})).toBe("You don't miss a beat.");
});

test('word boundaries are letters and digits of any script, not punctuation or symbols', () => {
  expect(builtInMessage('(Drake)')).toBe(line('drake'));
  expect(builtInMessage('Drake 😀')).toBe(line('drake'));
  expect(builtInMessage('Drake2')).toBeNull();
  expect(builtInMessage('éDrake')).toBeNull();
  expect(builtInMessage('Drake, then Drakeo')).toBe(line('drake'));
});

test('asking again for a name gives the same line', () => {
  for (const name of ['Queen', 'Weeknd', 'Velvet Harbour', 'Drake & Friends']) {
    expect(builtInMessage(name.toUpperCase())).toBe(builtInMessage(name));
  }
});
