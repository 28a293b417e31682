/** Names go to the server 10 at a time, 500 ms apart (docs/product.md, "Loading the list"). */
export const BATCH_SIZE = 10;
export const BATCH_PAUSE_MS = 500;

/**
 * Every artist of the batch with its line from `received` (matched without regard to case), or the
 * fallback when the reply left it out.
 */
export function linesOf(
  batch: readonly string[],
  received: Record<string, string>,
  fallback: string,
): Record<string, string> {
  const byLowerName = new Map(Object.entries(received).map(([k, v]) => [k.toLowerCase(), v]));
  const lines: Record<string, string> = {};
  for (const name of batch) lines[name] = byLowerName.get(name.toLowerCase()) ?? fallback;
  return lines;
}
