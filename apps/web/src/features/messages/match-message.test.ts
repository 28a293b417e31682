import { expect, test } from 'vitest';
import { BUILT_IN_MESSAGES } from './built-in-messages.ts';
import { builtInMessage } from './match-message.ts';
import { DEFAULT_MESSAGE, messageFor } from './success-lines.ts';

test('the built-in table covers at least 50 artists with short lines', () => {
  const entries = Object.entries(BUILT_IN_MESSAGES);
  expect(entries.length).toBeGreaterThanOrEqual(50);
  for (const [key, line] of entries) {
    expect(key).toBe(key.toLowerCase());
    expect(line.length).toBeLessThan(90);
  }
});

test('names match the table whatever their case', () => {
  expect(builtInMessage('TAYLOR SWIFT')).toBe(BUILT_IN_MESSAGES['taylor swift']);
  expect(builtInMessage('the Weeknd')).toBe(BUILT_IN_MESSAGES['the weeknd']);
});

test('an exact match wins over containment', () => {
  // "Queen" is also contained in longer keys' artists; the exact key must win.
  expect(builtInMessage('Queen')).toBe(BUILT_IN_MESSAGES.queen);
});

test('a name containing a known artist, or contained in one, gets that line', () => {
  expect(builtInMessage('Drake & Friends')).toBe(BUILT_IN_MESSAGES.drake);
  expect(builtInMessage('Weeknd')).toBe(BUILT_IN_MESSAGES['the weeknd']);
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
  expect(messageFor('Taylor Swift', {})).toBe(BUILT_IN_MESSAGES['taylor swift']);
  expect(messageFor('Velvet Harbour', {})).toBe(DEFAULT_MESSAGE);
  expect(DEFAULT_MESSAGE).toBe("You don't miss a beat.");
});

test('word boundaries are letters and digits of any script, not punctuation or symbols', () => {
  expect(builtInMessage('(Drake)')).toBe(BUILT_IN_MESSAGES.drake);
  expect(builtInMessage('Drake 😀')).toBe(BUILT_IN_MESSAGES.drake);
  expect(builtInMessage('Drake2')).toBeNull();
  expect(builtInMessage('éDrake')).toBeNull();
  expect(builtInMessage('Drake, then Drakeo')).toBe(BUILT_IN_MESSAGES.drake);
});

test('asking again for a name gives the same line', () => {
  for (const name of ['Queen', 'Weeknd', 'Velvet Harbour', 'Drake & Friends']) {
    expect(builtInMessage(name.toUpperCase())).toBe(builtInMessage(name));
  }
});
