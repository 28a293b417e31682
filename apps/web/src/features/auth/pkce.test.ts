import { createAuthorizeUrl } from '@heavy-rotation/spotify';
import { expect, test } from 'vitest';

test('the login link carries a 16-character state and the S256 challenge of a 128-character verifier', async () => {
  const request = await createAuthorizeUrl({
    clientId: 'heavy-rotation-demo',
    accountsUrl: 'http://127.0.0.1:8788',
    redirectUri: 'http://127.0.0.1:8787/callback',
    scope: ['user-top-read'],
  });
  expect(request.state).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(request.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
  const query = new URL(request.url).searchParams;
  expect(query.get('scope')).toBe('user-top-read');
  expect(query.get('code_challenge_method')).toBe('S256');
  expect(query.get('state')).toBe(request.state);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.codeVerifier));
  const expected = btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  expect(query.get('code_challenge')).toBe(expected);
});
