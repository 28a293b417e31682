import { beforeEach, expect, test } from 'vitest';
import {
  clearSignInData,
  expiresSoon,
  REFRESH_MARGIN_MS,
  readTokens,
  storeTokens,
} from './spotify-tokens.ts';

beforeEach(() => localStorage.clear());

test('tokens are stored under the documented keys with an absolute expiry', () => {
  storeTokens({ access_token: 'at', refresh_token: 'rt', expires_in: 3600, token_type: 'Bearer' }, 1000);
  expect(localStorage.getItem('spotify_access_token')).toBe('at');
  expect(localStorage.getItem('spotify_refresh_token')).toBe('rt');
  expect(localStorage.getItem('spotify_token_expiry')).toBe(String(1000 + 3_600_000));
  expect(readTokens()).toEqual({ accessToken: 'at', refreshToken: 'rt', expiresAt: 1000 + 3_600_000 });
});

test('a token is refreshed when two minutes or less remain', () => {
  const tokens = { accessToken: 'at', refreshToken: 'rt', expiresAt: 10_000_000 };
  expect(expiresSoon(tokens, 10_000_000 - REFRESH_MARGIN_MS - 1)).toBe(false);
  expect(expiresSoon(tokens, 10_000_000 - REFRESH_MARGIN_MS)).toBe(true);
});

test('a garbled expiry counts as expired', () => {
  localStorage.setItem('spotify_access_token', 'at');
  localStorage.setItem('spotify_token_expiry', 'soon');
  expect(expiresSoon(readTokens())).toBe(true);
});

test('signing out clears sign-in data and caches but keeps quiz progress', () => {
  for (const key of ['spotify_access_token', 'spotify_user_id', 'pkce_state', 'welcome_message_cache']) {
    localStorage.setItem(key, 'x');
  }
  localStorage.setItem('Heavy Rotation::artists', '{}');
  localStorage.setItem('revealed-artists', '{"state":{"revealed":[3,4,5,7]}}');
  clearSignInData();
  expect(Object.keys(localStorage)).toEqual(['revealed-artists']);
});
