import { gzipSync } from 'node:zlib';

/** One gzip member: 16 MiB of spaces (JSON whitespace), about 16 kB compressed. */
const MEMBER_BYTES = 16 * 1024 * 1024;
/** The most a bomb may unpack to: 16 GiB. */
const MAX_BOMB_BYTES = 16 * 1024 ** 3;

let member: Uint8Array | undefined;

/** Whether a fault's `gzipBomb` is a number of bytes a bomb may unpack to. */
export const isBombSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_BOMB_BYTES;

/**
 * A hostile or broken service's JSON reply: gzip that unpacks to at least `decodedBytes` (whole 16 MiB
 * members of spaces after an opening `{"data":[`, never closed), about a thousandth of that on the wire.
 * Members are made as the client reads, so the emulator holds one of them; a client that reads it all
 * holds every decoded byte. Reach it over HTTP: `fetch` undoes the gzip, an in-process request does not.
 */
export function gzipBombResponse(decodedBytes: number): Response {
  member ??= new Uint8Array(gzipSync(Buffer.alloc(MEMBER_BYTES, 0x20), { level: 9 }));
  const repeated = member;
  let left = Math.ceil(decodedBytes / MEMBER_BYTES);
  let opened = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(new Uint8Array(gzipSync('{"data":[')));
      } else if (left-- > 0) controller.enqueue(repeated);
      else controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
  });
}
