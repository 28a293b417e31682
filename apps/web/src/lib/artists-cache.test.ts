import type { Artist } from '@heavy-rotation/spotify';
import { beforeEach, expect, test } from 'vitest';
import {
  anyMemory,
  anyPersisted,
  clearArtistCaches,
  freshMemory,
  freshPersisted,
  MEMORY_TTL_MS,
  PERSISTED_TTL_MS,
  saveArtists,
} from './artists-cache.ts';

const PRODUCT = 'Heavy Rotation';
const artists = [{ id: 'a1', name: 'Beyoncé', images: [] }] as unknown as Artist[];

beforeEach(() => {
  clearArtistCaches();
  localStorage.clear();
});

test('the list is saved under {product}::artists with data and timestamp', () => {
  saveArtists(PRODUCT, artists, 1000);
  expect(JSON.parse(localStorage.getItem('Heavy Rotation::artists') ?? '')).toEqual({
    data: artists,
    timestamp: 1000,
  });
});

test('the persisted cache is fresh for 2 hours and a fallback after', () => {
  saveArtists(PRODUCT, artists, 0);
  expect(freshPersisted(PRODUCT, PERSISTED_TTL_MS - 1)).toEqual(artists);
  expect(freshPersisted(PRODUCT, PERSISTED_TTL_MS)).toBeNull();
  expect(anyPersisted(PRODUCT)).toEqual(artists);
});

test('the memory copy is fresh for 5 minutes and a fallback after', () => {
  saveArtists(PRODUCT, artists, 0);
  expect(freshMemory(MEMORY_TTL_MS - 1)).toEqual(artists);
  expect(freshMemory(MEMORY_TTL_MS)).toBeNull();
  expect(anyMemory()).toEqual(artists);
});

test('corrupt or empty saved lists read as absent', () => {
  localStorage.setItem('Heavy Rotation::artists', '{not json');
  expect(anyPersisted(PRODUCT)).toBeNull();
  localStorage.setItem('Heavy Rotation::artists', JSON.stringify({ data: [], timestamp: Date.now() }));
  expect(anyPersisted(PRODUCT)).toBeNull();
});

test('clearing forgets every product’s list and the memory copy', () => {
  saveArtists(PRODUCT, artists);
  saveArtists('Other Name', artists);
  clearArtistCaches();
  expect(anyPersisted(PRODUCT)).toBeNull();
  expect(anyPersisted('Other Name')).toBeNull();
  expect(anyMemory()).toBeNull();
});
