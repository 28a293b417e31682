import { SpotifyApiError } from '@heavy-rotation/spotify';
import { expect, test } from 'vitest';
import { describeError } from './describe-error.ts';

const apiError = (status: number, retryAfter?: number) =>
  new SpotifyApiError(status, 'x', 'GET', '/me/top/artists', undefined, retryAfter);

test('a 403 means the listener is not on the allow list yet', () => {
  expect(describeError(apiError(403))).toEqual({
    kind: 'guest',
    message: "Your account isn't on the guest list yet",
    autoRetry: false,
  });
});

test('a long rate limit says when to come back and is not retried automatically', () => {
  const described = describeError(apiError(429, 600));
  expect(described.message).toMatch(/Come back in about 10 minutes/);
  expect(described.autoRetry).toBe(false);
});

test('other provider failures use the generic text and are retried', () => {
  expect(describeError(apiError(503))).toEqual({
    kind: 'other',
    message: 'Failed to fetch artists: 503',
    autoRetry: true,
  });
});

test('an empty list keeps its message and a non-Error gets the generic text', () => {
  expect(describeError(new Error('No artists found')).message).toBe('No artists found');
  expect(describeError('boom').message).toBe('An unknown error occurred. Please try again.');
});
