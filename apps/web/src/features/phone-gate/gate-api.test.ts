import { expect, test } from 'vitest';
import { BackendError } from '../../lib/backend.ts';
import { rememberSkip, SKIP_MS, saveErrorText, skippedRecently } from './gate-api.ts';

test('a failed save shows the server text when there is one', () => {
  const error = new BackendError('refused', 400, 'Invalid phone number', 'Invalid phone number');
  expect(saveErrorText(error)).toBe('Invalid phone number');
});

test('a failure without server text says the number was not saved', () => {
  expect(saveErrorText(new BackendError('unavailable', 502, 'API request failed with status 502'))).toBe(
    'Failed to save phone number',
  );
  expect(saveErrorText(new BackendError('network', 0, 'The server could not be reached'))).toBe(
    'Failed to save phone number',
  );
});

test('something thrown that is not an Error gets the try-again line', () => {
  expect(saveErrorText('boom')).toBe("Couldn't save number. Try again.");
});

test('"Not now" keeps the sheet away for 7 days, then it may ask again', () => {
  localStorage.clear();
  const now = Date.UTC(2026, 0, 1);
  expect(skippedRecently(now)).toBe(false);
  rememberSkip(now);
  expect(skippedRecently(now + SKIP_MS - 1)).toBe(true);
  expect(skippedRecently(now + SKIP_MS)).toBe(false);
});
