import { expect, test } from 'vitest';
import { artistShareText, cardMessage, shareTitle } from './share-text.ts';

test('the message gets a full stop unless it already ends in . ! or ?', () => {
  expect(cardMessage('You keep coming back')).toBe('You keep coming back.');
  expect(cardMessage('On repeat!')).toBe('On repeat!');
  expect(cardMessage('心に残るアーティストですね。')).toBe('心に残るアーティストですね。');
  expect(cardMessage('Who else?')).toBe('Who else?');
  expect(cardMessage('Done.')).toBe('Done.');
  expect(cardMessage('  trailing space  ')).toBe('trailing space.');
});

test('a missing or blank message falls back to the default line', () => {
  expect(cardMessage(undefined)).toBe("You don't miss a beat.");
  expect(cardMessage('   ')).toBe("You don't miss a beat.");
});

test('share text and page title use the documented wording', () => {
  expect(artistShareText('P!nk', 4)).toBe("P!nk is my #4 artist right now– who's yours?");
  expect(shareTitle('Heavy Rotation')).toBe('Heavy Rotation - Your Top Spotify Artists');
});
