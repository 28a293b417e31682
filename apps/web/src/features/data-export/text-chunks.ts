/**
 * A file's UTF-8 bytes as text, chunk by chunk as they arrive. Each chunk is decoded whole (not with
 * `TextDecoder`'s `stream` option, several times slower in some engines, Node's among them): a
 * character cut at the end of a chunk is held back and decoded with the next one. The text is the
 * same as the whole file's decoded at once: invalid bytes read as U+FFFD, a byte order mark at the
 * start is dropped, one anywhere else is kept.
 */
export class TextChunks {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private held: Uint8Array | null = null;
  private started = false;

  decode(bytes: Uint8Array, final: boolean): string {
    let all = bytes;
    if (this.held) {
      all = new Uint8Array(this.held.byteLength + bytes.byteLength);
      all.set(this.held);
      all.set(bytes, this.held.byteLength);
      this.held = null;
    }
    const end = final ? all.byteLength : completeEnd(all);
    if (end < all.byteLength) this.held = all.slice(end);
    let text = this.decoder.decode(end < all.byteLength ? all.subarray(0, end) : all);
    if (!this.started && (text.length > 0 || final)) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }
}

/**
 * Where the last character that may still go on in the next chunk starts: the lead byte of a
 * sequence cut short in the last three bytes, or the end when none is.
 */
function completeEnd(bytes: Uint8Array): number {
  const length = bytes.byteLength;
  for (let back = 1; back <= 3 && back <= length; back++) {
    const byte = bytes[length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? length - back : length;
  }
  return length;
}
