import { concat } from './audio.ts';

/** What a preview's tags say, as the real services' files do: the track, its artist and album. */
export interface TrackTags {
  title: string;
  artist: string;
  album: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A 28-bit "syncsafe" integer, as ID3v2 sizes are written. */
function syncsafe(n: number): Uint8Array {
  return Uint8Array.of((n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f);
}

/** An ID3v2.4 tag with UTF-8 text frames TIT2, TPE1, TALB and a comment. */
export function id3v2(tags: TrackTags): Uint8Array {
  const frame = (id: string, text: string) => {
    const body = concat([Uint8Array.of(3), utf8(text)]);
    return concat([utf8(id), syncsafe(body.length), Uint8Array.of(0, 0), body]);
  };
  const frames = concat([
    frame('TIT2', tags.title),
    frame('TPE1', tags.artist),
    frame('TALB', tags.album),
    frame('TPE2', tags.artist),
  ]);
  return concat([utf8('ID3'), Uint8Array.of(4, 0, 0), syncsafe(frames.length), frames]);
}

/** An APEv2 tag (header, items, footer) with Artist and Title, as some encoders append. */
export function apeTag(tags: TrackTags): Uint8Array {
  const item = (key: string, value: string) => {
    const v = utf8(value);
    const head = new DataView(new ArrayBuffer(8));
    head.setUint32(0, v.length, true);
    return concat([new Uint8Array(head.buffer), utf8(key), Uint8Array.of(0), v]);
  };
  const items = concat([item('Artist', tags.artist), item('Title', tags.title)]);
  const block = (isHeader: boolean) => {
    const bytes = new Uint8Array(32);
    bytes.set(utf8('APETAGEX'));
    const view = new DataView(bytes.buffer);
    view.setUint32(8, 2000, true);
    view.setUint32(12, items.length + 32, true);
    view.setUint32(16, 2, true);
    view.setUint32(20, (1 << 31) | (isHeader ? 1 << 29 : 0), true);
    return bytes;
  };
  return concat([block(true), items, block(false)]);
}

/** The 128-byte ID3v1 trailer: fixed Latin-1 fields. */
export function id3v1(tags: TrackTags): Uint8Array {
  const out = new Uint8Array(128);
  const put = (text: string, at: number, length: number) => {
    const latin = Array.from(text, (ch) => (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f));
    out.set(latin.slice(0, length), at);
  };
  put('TAG', 0, 3);
  put(tags.title, 3, 30);
  put(tags.artist, 33, 30);
  put(tags.album, 63, 30);
  put('2026', 93, 4);
  out[127] = 12;
  return out;
}
