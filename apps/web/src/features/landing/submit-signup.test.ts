import { expect, test } from 'vitest';
import { canSubmitEmail } from './submit-signup.ts';

test('submit is enabled only for a trimmed value with an @ and nothing in flight', () => {
  expect(canSubmitEmail('', false)).toBe(false);
  expect(canSubmitEmail('   ', false)).toBe(false);
  expect(canSubmitEmail('listener.example.com', false)).toBe(false);
  expect(canSubmitEmail('  me@example.com  ', false)).toBe(true);
  expect(canSubmitEmail('me@example.com', true)).toBe(false);
});
