import { expect, test } from 'vitest';
import { wrapLines } from './story-canvas.ts';

// A context whose every character is 10 px wide: enough to see where lines break.
const ctx = { measureText: (text: string) => ({ width: [...text].length * 10 }) } as CanvasRenderingContext2D;

test('a message breaks between words, at most four lines, the last one cut with an ellipsis', () => {
  expect(wrapLines(ctx, 'You keep coming back to this one.', 120)).toEqual([
    'You keep',
    'coming back',
    'to this one.',
  ]);
  expect(wrapLines(ctx, 'a b c d e f', 10, 4)).toEqual(['a', 'b', 'c', 'd…']);
});

test('a message without spaces (Japanese) breaks between characters instead of running off the card', () => {
  const line = '最近のあなたの音楽にQueenが堂々と鳴り響いています。';
  const lines = wrapLines(ctx, line, 100);
  expect(lines.join('')).toBe(line);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(10);
});
