import { expect, test } from 'vitest';
import { imageUrl } from './artist-image.ts';

const spotify = [
  { url: 'big', width: 640, height: 640 },
  { url: 'mid', width: 300, height: 300 },
  { url: 'small', width: 64, height: 64 },
];

test('the smallest image wide enough is chosen, else the largest there is', () => {
  expect(imageUrl(spotify, 112)).toBe('mid');
  expect(imageUrl(spotify, 0)).toBe('small');
  expect(imageUrl(spotify, 480)).toBe('big');
  expect(imageUrl(spotify, 1000)).toBe('big');
  expect(imageUrl([], 100)).toBeUndefined();
  expect(imageUrl(undefined, 100)).toBeUndefined();
});
