import { beforeEach, expect, test } from 'vitest';
import { hashArtists, readWelcomeCache, WELCOME_CACHE_MS, writeWelcomeCache } from './welcome-cache.ts';
import { readWelcomeReply, welcomeTemplate } from './welcome-message.ts';

const names = ['Beyoncé', 'The Weeknd', 'AC/DC', 'P!nk'];
const message = { greeting: 'Hi', reflection: 'So', teaser: 'Go' };

beforeEach(() => localStorage.clear());

test('the cache is stored with its documented fields and version 1.0', () => {
  writeWelcomeCache(names, message, 1000);
  const stored = JSON.parse(localStorage.getItem('welcome_message_cache') ?? '{}');
  expect(stored).toEqual({
    message,
    artistsHash: hashArtists(names),
    timestamp: 1000,
    version: '1.0',
    language: 'en',
  });
});

test('a welcome in another language is not used; one cached before languages counts as English', () => {
  writeWelcomeCache(names, message, 1000);
  const stored = JSON.parse(localStorage.getItem('welcome_message_cache') ?? '{}');
  localStorage.setItem('welcome_message_cache', JSON.stringify({ ...stored, language: 'de' }));
  expect(readWelcomeCache(names, 2000)).toBeNull();
  const { language: _, ...before } = stored;
  localStorage.setItem('welcome_message_cache', JSON.stringify(before));
  expect(readWelcomeCache(names, 2000)).toEqual(message);
});

test('a fresh cache for the same artists is used, in any order', () => {
  writeWelcomeCache(names, message, 1000);
  expect(readWelcomeCache([...names].reverse(), 2000)).toEqual(message);
});

test('a cache for other artists is not used', () => {
  writeWelcomeCache(names, message, 1000);
  expect(readWelcomeCache([...names, 'Björk'], 2000)).toBeNull();
});

test('a cache older than 7 days is not used', () => {
  writeWelcomeCache(names, message, 1000);
  expect(readWelcomeCache(names, 1000 + WELCOME_CACHE_MS - 1)).toEqual(message);
  expect(readWelcomeCache(names, 1000 + WELCOME_CACHE_MS)).toBeNull();
});

test('a cache of another version or corrupt JSON is not used', () => {
  writeWelcomeCache(names, message, 1000);
  const stored = JSON.parse(localStorage.getItem('welcome_message_cache') ?? '{}');
  localStorage.setItem('welcome_message_cache', JSON.stringify({ ...stored, version: '0.9' }));
  expect(readWelcomeCache(names, 2000)).toBeNull();
  localStorage.setItem('welcome_message_cache', '{not json');
  expect(readWelcomeCache(names, 2000)).toBeNull();
});

test('an incomplete reply is not a welcome', () => {
  expect(readWelcomeReply({ greeting: 'Hi', reflection: 'So' })).toBeNull();
  expect(readWelcomeReply({ greeting: 'Hi', reflection: ' ', teaser: 'Go' })).toBeNull();
  expect(readWelcomeReply(null)).toBeNull();
  expect(readWelcomeReply(message)).toEqual(message);
});

test('the template greets the unlocked artists it is given and no one else', () => {
  const template = welcomeTemplate(['Dua Lipa', 'Rosalía', 'Kendrick Lamar'], 40);
  expect(template.greeting).toContain('Dua Lipa, Rosalía and Kendrick Lamar');
  expect(template.reflection).toContain('40');
  expect(`${template.reflection} ${template.teaser}`).not.toMatch(/Dua Lipa|Rosalía|Kendrick Lamar/);
  expect(welcomeTemplate([], 12).greeting).toContain('12');
});
