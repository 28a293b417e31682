/** Runs `call` once per chunk of at most `size` ids, one after another (gentle on rate limits). */
export async function inBatches<T>(
  ids: readonly string[],
  size: number,
  call: (chunk: string[]) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < ids.length; i += size) results.push(await call(ids.slice(i, i + size)));
  return results;
}
