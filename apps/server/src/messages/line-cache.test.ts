import { describe, expect, it } from 'vitest';
import { createLineCache } from './line-cache.ts';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('the success-line cache', () => {
  it('keeps a found line for 10 minutes and an absent one for 30 seconds', () => {
    const time = clock();
    const lines = createLineCache(time.now);
    lines.set('bjork', 'Björk, of course.');
    lines.set('sigur ros', undefined);
    expect(lines.get('bjork')).toBe('Björk, of course.');
    expect(lines.get('sigur ros')).toBeNull();
    expect(lines.get('rosalia')).toBeUndefined();
    time.advance(30_001);
    expect(lines.get('sigur ros')).toBeUndefined();
    expect(lines.get('bjork')).toBe('Björk, of course.');
    time.advance(10 * 60_000 - 30_000);
    expect(lines.get('bjork')).toBeUndefined();
  });

  it('holds at most 5000 names, dropping the least recently read', () => {
    const lines = createLineCache(clock().now);
    for (let i = 0; i < 5000; i++) lines.set(`artist ${i}`, `line ${i}`);
    // Read throughout, as a listener's names are: never the one dropped, however many others pass.
    for (let i = 5000; i < 25_000; i++) {
      if (i % 100 === 0) expect(lines.get('artist 0')).toBe('line 0');
      lines.set(`artist ${i}`, `line ${i}`);
    }
    expect(lines.get('artist 0')).toBe('line 0');
    // The others of the first 5000 were never read again: dropped.
    expect(lines.get('artist 1')).toBeUndefined();
    expect(lines.get('artist 4999')).toBeUndefined();
    // The newest 4999 are all there.
    for (let i = 25_000 - 4999; i < 25_000; i++) expect(lines.get(`artist ${i}`)).toBe(`line ${i}`);
    expect(lines.get(`artist ${25_000 - 5000}`)).toBeUndefined();
  });

  it('replaces a name’s entry instead of adding a second one', () => {
    const lines = createLineCache(clock().now);
    for (let i = 0; i < 5000; i++) lines.set(`artist ${i}`, `line ${i}`);
    lines.set('artist 4999', 'a newer line');
    expect(lines.get('artist 0')).toBe('line 0');
    expect(lines.get('artist 4999')).toBe('a newer line');
  });
});
