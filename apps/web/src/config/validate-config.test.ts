import { expect, test } from 'vitest';
import { isConfigurationError, validateConfig } from './validate-config.ts';

const good = {
  productName: 'Heavy Rotation',
  spotifyClientId: 'heavy-rotation-demo',
  spotifyAccountsUrl: 'http://127.0.0.1:8788',
  spotifyApiUrl: 'http://127.0.0.1:8788/v1',
  backendUrl: 'http://127.0.0.1:8787',
  anonKey: 'public-anon-key-0123456789',
  lastfm: true,
  listenbrainzSettingsUrl: 'http://127.0.0.1:8788/listenbrainz/settings/',
};

test('a complete configuration is accepted as is', () => {
  expect(validateConfig(good)).toEqual(good);
});

test("without the other sources' settings, Last.fm is off and ListenBrainz tokens are found on its site", () => {
  const { lastfm: _, listenbrainzSettingsUrl: __, ...older } = good;
  expect(validateConfig(older)).toMatchObject({
    lastfm: false,
    listenbrainzSettingsUrl: 'https://listenbrainz.org/settings/',
  });
});

test('a missing product name falls back to Heavy Rotation', () => {
  expect(validateConfig({ ...good, productName: '' }).productName).toBe('Heavy Rotation');
});

test('each broken field is reported with its own message', () => {
  const run = () =>
    validateConfig({ ...good, spotifyClientId: '', backendUrl: 'not a url', anonKey: 'short' });
  expect(run).toThrow(/^Environment configuration error/);
  expect(run).toThrow(/Spotify Client ID is required/);
  expect(run).toThrow(/Supabase URL must be a valid URL/);
  expect(run).toThrow(/Supabase anonymous key must be at least 20 characters/);
});

test('a non-object reply is a configuration error', () => {
  let caught: unknown;
  try {
    validateConfig('<html>');
  } catch (error) {
    caught = error;
  }
  expect(isConfigurationError(caught)).toBe(true);
});
