import { beforeEach, expect, test } from 'vitest';
import { spotifyUrlKey as linkCacheKey } from '../../lib/session.ts';
import { appSlug, getSpotifyLink, withCampaign } from './spotify-link.ts';

beforeEach(() => localStorage.clear());

test('the link carries campaign parameters naming the app', () => {
  const link = new URL(withCampaign('https://open.spotify.com/artist/abc?si=1', 'Heavy Rotation') ?? '');
  expect(link.origin + link.pathname).toBe('https://open.spotify.com/artist/abc');
  expect(link.searchParams.get('si')).toBe('1');
  expect(link.searchParams.get('utm_source')).toBe('heavy-rotation');
  expect(link.searchParams.get('utm_campaign')).toBe('share');
  expect(appSlug('  Heavy Rotation!! ')).toBe('heavy-rotation');
});

test('only http(s) links are accepted', () => {
  expect(withCampaign('javascript:alert(1)', 'Heavy Rotation')).toBeNull();
  expect(withCampaign('not a url', 'Heavy Rotation')).toBeNull();
});

test('a cached link is reused without asking for a token or calling the provider', async () => {
  const cached = 'https://open.spotify.com/artist/abc?utm_source=heavy-rotation&utm_campaign=share';
  localStorage.setItem(linkCacheKey('abc'), cached);
  expect(linkCacheKey('abc')).toBe('spotify_url_abc');
  await expect(getSpotifyLink('abc')).resolves.toBe(cached);
});

test('without an access token the link fails with its message', async () => {
  await expect(getSpotifyLink('abc')).rejects.toThrow('No access token available');
});
