import { expect, test } from 'vitest';
import { linesOf } from './batches.ts';
import { messagesOf } from './success-reply.ts';

test('every artist of a batch gets its line, matched without regard to case', () => {
  expect(
    linesOf(['Velvet Harbour', 'BTS'], { 'velvet harbour': 'Safe harbour.', BTS: 'Army.' }, 'x'),
  ).toEqual({
    'Velvet Harbour': 'Safe harbour.',
    BTS: 'Army.',
  });
});

test('an artist the reply leaves out gets the fallback', () => {
  expect(linesOf(['A', 'B'], { a: 'for A' }, 'fallback')).toEqual({ A: 'for A', B: 'fallback' });
});

test('a success reply gives the lines by artist, leaving out empty ones', () => {
  expect(
    messagesOf({
      results: [
        { artistName: 'A', message: 'Hi.' },
        { artistName: 'B', message: '' },
      ],
    }),
  ).toEqual({ A: 'Hi.' });
});
