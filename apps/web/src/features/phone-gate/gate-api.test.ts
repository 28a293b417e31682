import { expect, test } from 'vitest';
import { BackendError } from '../../lib/backend.ts';
import { saveErrorText } from './gate-api.ts';

test('a failed save shows the server text when there is one', () => {
  const error = new BackendError(400, 'Invalid phone number', { error: 'Invalid phone number' });
  expect(saveErrorText(error)).toBe('Invalid phone number');
});

test('a failure without server text says the number was not saved', () => {
  expect(saveErrorText(new BackendError(502, 'API request failed with status 502', undefined))).toBe(
    'Failed to save phone number',
  );
  expect(saveErrorText(new TypeError('Failed to fetch'))).toBe('Failed to save phone number');
});

test('something thrown that is not an Error gets the try-again line', () => {
  expect(saveErrorText('boom')).toBe("Couldn't save number. Try again.");
});
