import { Mp3Encoder } from '@breezystack/lamejs';

/** A preview's length, as Deezer's and iTunes' are. */
const SECONDS = 30;
const RATE = 16_000;
/** A short tune (Hz) the clip repeats: something to hear, made here, nobody's recording. */
const NOTES = [392, 494, 587, 494, 440, 523, 659, 523];
const NOTE_SECONDS = 0.25;

let encoded: Uint8Array<ArrayBuffer> | undefined;

/**
 * Thirty seconds of real MPEG audio (a repeated tune, mono, 16 kHz, 32 kbps), encoded once per process and
 * shared by every preview: only the tags around it differ from artist to artist.
 */
export function previewAudio(): Uint8Array<ArrayBuffer> {
  if (encoded) return encoded;
  const samples = new Int16Array(RATE * SECONDS);
  const perNote = Math.round(RATE * NOTE_SECONDS);
  for (let i = 0; i < samples.length; i++) {
    const note = NOTES[Math.floor(i / perNote) % NOTES.length] ?? 440;
    const within = (i % perNote) / perNote;
    // A soft attack and decay on each note, so the tune does not click.
    const envelope = Math.min(1, within * 20) * (1 - within) ** 1.5;
    samples[i] = Math.round(Math.sin((2 * Math.PI * note * i) / RATE) * 9000 * envelope);
  }
  const encoder = new Mp3Encoder(1, RATE, 32);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152)
    parts.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  encoded = concat(parts);
  return encoded;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
