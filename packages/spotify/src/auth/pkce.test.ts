import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { codeChallengeS256, createCodeVerifier, createState, randomString } from './pkce.ts';

test('the code verifier has 128 characters from letters, digits and -._~', () => {
  const verifier = createCodeVerifier();
  expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
  expect(createCodeVerifier()).not.toBe(verifier);
});

test('the state has 16 letters and digits', () => {
  expect(createState()).toMatch(/^[A-Za-z0-9]{16}$/);
});

test('the S256 challenge is the unpadded base64url SHA-256 of the verifier', async () => {
  const verifier = createCodeVerifier();
  const expected = createHash('sha256').update(verifier).digest('base64url');
  expect(await codeChallengeS256(verifier)).toBe(expected);
});

test('randomString uses only the given alphabet', () => {
  expect(randomString(64, 'ab')).toMatch(/^[ab]{64}$/);
});
