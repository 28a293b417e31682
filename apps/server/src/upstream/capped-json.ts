/**
 * The most of one outside service's JSON reply the server reads, counted after decoding
 * (docs/decisions/020-abuse-limits.md, "Replies from outside services"). The largest reply the product
 * asks for is a Last.fm list of 40 artists, tens of kilobytes; Wikidata's entities are the exception and
 * pass a cap of their own.
 */
export const JSON_REPLY_MAX_BYTES = 2_000_000;

/** A reply went past its cap: the rest of it was never read. */
export class ReplyTooLarge extends Error {
  override readonly name = 'ReplyTooLarge';
}

/**
 * A reply's body as JSON, reading at most `maxBytes` of it. `fetch` undoes gzip, deflate and brotli as
 * the body is read, so the bytes counted here are the decoded ones: a compressed answer that would
 * unpack to gigabytes stops at the cap, its stream cancelled, and throws ReplyTooLarge. Malformed JSON
 * throws a SyntaxError, as `res.json()` does.
 */
export async function readJsonCapped(res: Response, maxBytes = JSON_REPLY_MAX_BYTES): Promise<unknown> {
  if (!res.body) throw new SyntaxError('empty reply');
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let size = 0;
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ReplyTooLarge(`reply over ${maxBytes} bytes`);
    }
    text += decoder.decode(part.value, { stream: true });
  }
  return JSON.parse(text + decoder.decode());
}
