import { clipHome, createEmulator, deezerArtistId, demoData } from '@heavy-rotation/emulator';
import { expect, test } from 'vitest';
import { frameLength, NotAudio, stripTags } from './strip-tags.ts';

const latin = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
const utf8 = (text: string) => new TextEncoder().encode(text);

async function emulatorPreview() {
  const artist = demoData.artists.find((a) => clipHome(a.name) === 'deezer');
  if (!artist) throw new Error('demo data lacks an artist on Deezer');
  const emulator = createEmulator();
  const top = await emulator.request(`/deezer/artist/${deezerArtistId(artist.id)}/top`);
  const { data } = (await top.json()) as { data: { preview: string }[] };
  const file = await emulator.request(data[0]?.preview ?? '');
  return { artist, bytes: new Uint8Array(await file.arrayBuffer()) };
}

test('an MP3 keeps its audio frames and loses its ID3v2, APEv2 and ID3v1 tags', async () => {
  const { artist, bytes } = await emulatorPreview();
  expect(new TextDecoder().decode(bytes)).toContain(artist.name);
  const { bytes: out, contentType } = stripTags(bytes);
  expect(contentType).toBe('audio/mpeg');
  const text = latin(out);
  for (const marker of ['ID3', 'TAG', 'APETAGEX', 'TPE1', 'TIT2', artist.name])
    expect(text).not.toContain(marker);
  expect(new TextDecoder().decode(out)).not.toContain(artist.name);
  // Nothing but whole frames, back to back, to the last byte: the same audio, about 120 kB of it.
  let at = 0;
  while (at < out.length) {
    const length = frameLength(out, at);
    expect(length).toBeGreaterThan(0);
    at += length;
  }
  expect(at).toBe(out.length);
  expect(out.length).toBeGreaterThan(100_000);
  expect(bytes.length - out.length).toBeGreaterThan(128 + 32);
});

function box(type: string, ...children: Uint8Array[]): Uint8Array {
  const body = children.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(8 + body);
  new DataView(out.buffer).setUint32(0, 8 + body);
  out.set(utf8(type), 4);
  let at = 8;
  for (const child of children) {
    out.set(child, at);
    at += child.length;
  }
  return out;
}

test("an MP4 (iTunes' previews) keeps every byte offset and loses its metadata boxes", () => {
  const name = 'Ünïcode Band';
  const file = box('ftyp', utf8('M4A isomiso2'));
  const moov = box(
    'moov',
    box('mvhd', new Uint8Array(20)),
    box('trak', box('tkhd', new Uint8Array(12)), box('udta', box('name', utf8(name)))),
    box('udta', box('meta', new Uint8Array(4), box('ilst', box('©ART', box('data', utf8(name)))))),
  );
  const mdat = box(
    'mdat',
    Uint8Array.from({ length: 64 }, (_, i) => i),
  );
  const input = new Uint8Array([...file, ...moov, ...mdat]);
  const { bytes, contentType } = stripTags(input);
  expect(contentType).toBe('audio/mp4');
  expect(bytes.length).toBe(input.length);
  expect(new TextDecoder().decode(bytes)).not.toContain(name);
  expect(latin(bytes)).not.toContain('udta');
  expect(latin(bytes)).toContain('mvhd');
  expect(bytes.subarray(-64)).toEqual(mdat.subarray(8));
});

test("an MP4's handler names and free space lose what a tagger left there; the handler type stays", () => {
  const name = 'Ünïcode Band';
  const handler = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, ...utf8('soun'), ...new Uint8Array(12)]);
  const input = new Uint8Array([
    ...box('ftyp', utf8('M4A isomiso2')),
    ...box(
      'moov',
      box('mvhd', new Uint8Array(20)),
      box('trak', box('mdia', box('hdlr', handler, utf8(`${name} Handler\0`)), box('minf'))),
      box('free', utf8(`left by a tagger: ${name}`)),
    ),
    ...box('skip', utf8(name)),
    ...box('free', utf8(`©ART ${name}`)),
    ...box('mdat', new Uint8Array(16)),
  ]);
  const { bytes } = stripTags(input);
  expect(bytes.length).toBe(input.length);
  expect(new TextDecoder().decode(bytes)).not.toContain(name);
  expect(latin(bytes)).not.toContain('Band');
  // The player still finds a sound track.
  expect(latin(bytes)).toContain('hdlr\0\0\0\0\0\0\0\0soun');
});

test('anything else, or a broken MP4, is refused rather than sent on', () => {
  expect(() => stripTags(utf8('<html>Artist Name</html>'))).toThrow(NotAudio);
  const broken = box('ftyp', utf8('M4A '));
  const lying = new Uint8Array([...broken, 0, 0, 0x10, 0, ...utf8('moov')]);
  expect(() => stripTags(lying)).toThrow(NotAudio);
});
