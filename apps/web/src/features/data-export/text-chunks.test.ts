import { expect, test } from 'vitest';
import { TextChunks } from './text-chunks.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

/** The text of `data` read in two chunks cut at `cut`. */
function inTwo(data: Uint8Array, cut: number): string {
  const chunks = new TextChunks();
  return (
    chunks.decode(data.subarray(0, cut), false) +
    chunks.decode(data.subarray(cut), false) +
    chunks.decode(new Uint8Array(0), true)
  );
}

test('characters of two, three and four bytes cut anywhere read as the whole text does', () => {
  const text = 'Beyoncé – 東京 🎸 Sigur Rós, "Hoppípolla"';
  const data = bytes(text);
  for (let cut = 0; cut <= data.byteLength; cut++) expect(inTwo(data, cut), `cut at ${cut}`).toBe(text);
});

test('a byte order mark is dropped at the start only, even when cut', () => {
  const data = bytes([0xef, 0xbb, 0xbf], 'Track Description\n\ufeffkept');
  for (let cut = 0; cut <= 4; cut++)
    expect(inTwo(data, cut), `cut at ${cut}`).toBe('Track Description\n\ufeffkept');
});

test('bytes that are not UTF-8 read as U+FFFD, as the whole file decoded at once', () => {
  const data = bytes('a', [0xff], 'b', [0xe2, 0x82], 'c', [0xc3]);
  const whole = new TextDecoder().decode(data);
  expect(whole).toContain('\ufffd');
  for (let cut = 0; cut <= data.byteLength; cut++) expect(inTwo(data, cut), `cut at ${cut}`).toBe(whole);
});

test('one byte at a time reads the same', () => {
  const text = '\u00e9\u6771\ud83c\udfb8 end';
  const data = bytes(text);
  const chunks = new TextChunks();
  let read = '';
  for (const byte of data) read += chunks.decode(new Uint8Array([byte]), false);
  read += chunks.decode(new Uint8Array(0), true);
  expect(read).toBe(text);
});
