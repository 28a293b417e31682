import { expect, test } from 'vitest';
import { BackendError } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { builtInLines, linesToAsk, messageFor, retryLinesAfter } from './success-lines.ts';

test('built-in lines are given without asking the server; stored ones are kept', () => {
  const stored = { 'Velvet Harbour': 'Kept.', BTS: 'BTS kept your month bright, song after song.' };
  expect(builtInLines(['Taylor Swift', 'Velvet Harbour', 'BTS'], stored)).toEqual({
    'Taylor Swift': 'Every era of your month had a Taylor Swift song in it.',
  });
  expect(linesToAsk(['Taylor Swift', 'Velvet Harbour', 'Nova Lune', 'Nova Lune'], stored)).toEqual([
    'Nova Lune',
  ]);
  expect(messageFor('Velvet Harbour', stored)).toBe('Kept.');
  expect(messageFor('Nova Lune', stored)).toBe("You don't miss a beat.");
});

test('after a manual retry every artist without a built-in line is asked for again, once', () => {
  const stored = { 'Velvet Harbour': 'Kept.', 'Nova Lune': 'Bright.' };
  const names = ['Taylor Swift', 'Velvet Harbour', 'Nova Lune'];
  expect(linesToAsk(names, stored, new Set())).toEqual(['Velvet Harbour', 'Nova Lune']);
  expect(linesToAsk(names, stored, new Set(['Velvet Harbour']))).toEqual(['Nova Lune']);
});

test('a batch is retried after 600 and 1200 ms, unless refused or signed out', () => {
  const down = new BackendError('unavailable', 503, 'down');
  expect([1, 2, 3].map((n) => retryLinesAfter(n, down))).toEqual([600, 1200, null]);
  expect(retryLinesAfter(1, new BackendError('refused', 400, 'bad'))).toBeNull();
  expect(retryLinesAfter(1, new SignedOutError('No access token'))).toBeNull();
});
