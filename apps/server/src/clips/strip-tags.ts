/**
 * Preview files with every metadata tag taken out, so nothing in the bytes we send names the artist
 * (docs/decisions/035-sound-clues.md). MP3: only MPEG audio frames are kept (ID3v2 before them, and
 * APEv2, Lyrics3 and ID3v1 after them, are not frames and so are dropped). MP4/M4A (iTunes previews):
 * every `udta`, `meta` and `uuid` box becomes a `free` box of the same size with its bytes zeroed, so no
 * offset in the file moves; the free space already there (`free`, `skip`, `wide`), where an earlier
 * tagger's text may survive, is zeroed too, and a handler box (`hdlr`) keeps its type, its name blanked.
 */
export type StrippedAudio = { bytes: Uint8Array<ArrayBuffer>; contentType: 'audio/mpeg' | 'audio/mp4' };

/** The file is neither MP3 nor MP4, or is broken: nothing of it may be sent. */
export class NotAudio extends Error {
  override readonly name = 'NotAudio';
}

export function stripTags(input: Uint8Array): StrippedAudio {
  const bytes = new Uint8Array(input);
  if (isMp4(bytes)) return { bytes: blankMp4Metadata(bytes), contentType: 'audio/mp4' };
  return { bytes: mpegFrames(bytes), contentType: 'audio/mpeg' };
}

// Kilobits per second by [version 1 or 2][layer 1-3][index]; MPEG 2.5 uses version 2's.
const BITRATES = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
} as const;
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;
/** Where the first frame must start: past any ID3v2 tags, a little junk is tolerated, no more. */
const MAX_JUNK = 64 * 1024;

/** The length of the MPEG audio frame whose header starts at `at`, or 0 when there is none. */
export function frameLength(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) return 0;
  const [b0, b1, b2] = [b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return 0;
  const version = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return 0;
  const layer = 4 - layerBits; // 1, 2 or 3
  const kbps = (version === 3 ? BITRATES.v1 : BITRATES.v2)[layer - 1]?.[bitrateIndex] ?? 0;
  const rate = SAMPLE_RATES[version as 0 | 2 | 3][rateIndex] ?? 0;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * kbps * 1000) / rate) + padding;
}

/** Past the ID3v2 tags at `at` (several may follow each other), or `at` itself. */
function pastId3v2(b: Uint8Array, at: number): number {
  let pos = at;
  while (pos + 10 <= b.length && b[pos] === 0x49 && b[pos + 1] === 0x44 && b[pos + 2] === 0x33) {
    const size = (((b[pos + 6] ?? 0) & 0x7f) << 21) | (((b[pos + 7] ?? 0) & 0x7f) << 14);
    const rest = (((b[pos + 8] ?? 0) & 0x7f) << 7) | ((b[pos + 9] ?? 0) & 0x7f);
    const footer = ((b[pos + 5] ?? 0) & 0x10) !== 0 ? 10 : 0;
    pos += 10 + size + rest + footer;
  }
  return pos;
}

/** The MPEG audio frames of an MP3, and nothing else. */
function mpegFrames(b: Uint8Array): Uint8Array<ArrayBuffer> {
  let start = pastId3v2(b, 0);
  // The first frame: a header whose frame is followed by another header (a lone 0xFFE is not enough).
  const limit = Math.min(b.length, start + MAX_JUNK);
  while (start < limit) {
    const length = frameLength(b, start);
    if (length > 0 && frameLength(b, start + length) > 0) break;
    start++;
  }
  if (start >= limit) throw new NotAudio('no MPEG audio frames');
  let end = start;
  for (let length = frameLength(b, end); length > 0 && end + length <= b.length; length = frameLength(b, end))
    end += length;
  return b.slice(start, end);
}

const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

function isMp4(b: Uint8Array): boolean {
  return b.length >= 12 && ascii(b, 4, 4) === 'ftyp';
}

/** Boxes that hold other boxes, walked to find metadata; everything else is left as it is. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts']);
/** Boxes that hold titles, artists, artwork or vendor data: blanked wherever they are. */
const METADATA = new Set(['udta', 'meta', 'uuid', 'ID32']);
/** Free space: nothing reads it, but it may hold what a tagger left behind. Zeroed, kept in place. */
const FREE_SPACE = new Set(['free', 'skip', 'wide']);
/**
 * A handler box (ISO/IEC 14496-12, 8.4.3): version and flags, pre_defined, handler_type, three reserved
 * words, then a name of the encoder's choosing. The player needs the type; the name is blanked.
 */
const HDLR_NAME_AT = 4 + 4 + 4 + 12;

function blankMp4Metadata(b: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const walk = (from: number, to: number) => {
    let pos = from;
    while (pos + 8 <= to) {
      let size = view.getUint32(pos);
      let header = 8;
      if (size === 1) {
        if (pos + 16 > to) throw new NotAudio('MP4 box header cut short');
        size = Number(view.getBigUint64(pos + 8));
        header = 16;
      } else if (size === 0) size = to - pos;
      if (size < header || pos + size > to) throw new NotAudio('MP4 box larger than its parent');
      const type = ascii(b, pos + 4, 4);
      if (METADATA.has(type)) {
        b.set([0x66, 0x72, 0x65, 0x65], pos + 4); // "free"
        b.fill(0, pos + header, pos + size);
      } else if (FREE_SPACE.has(type)) b.fill(0, pos + header, pos + size);
      else if (type === 'hdlr') b.fill(0, Math.min(pos + size, pos + header + HDLR_NAME_AT), pos + size);
      else if (CONTAINERS.has(type)) walk(pos + header, pos + size);
      pos += size;
    }
  };
  walk(0, b.length);
  return b;
}
