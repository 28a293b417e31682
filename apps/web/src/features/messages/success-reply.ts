/** Reads a generate-success-message reply: a results array of { artistName, message } (docs/product.md, "Backend calls"). */
export function parseSuccessReply(body: unknown): Record<string, string> {
  const results = (body as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(results)) throw new Error('Success reply without results');
  const messages: Record<string, string> = {};
  for (const item of results as unknown[]) {
    const { artistName, message } = (item ?? {}) as { artistName?: unknown; message?: unknown };
    if (typeof artistName === 'string' && typeof message === 'string' && message.trim()) {
      messages[artistName] = message.trim();
    }
  }
  return messages;
}
