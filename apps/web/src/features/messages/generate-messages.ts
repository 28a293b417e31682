import { BackendError, callBackend } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { isGuest } from '../../lib/export-listener.ts';
import { RETRY, withRetry } from '../../lib/retry.ts';
import { readSourceSession } from '../../lib/source-session.ts';
import { tokenSource } from '../../lib/token-source.ts';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { runInBatches } from './batches.ts';
import { builtInMessage } from './match-message.ts';
import { messagesOf } from './success-reply.ts';

export const DEFAULT_MESSAGE = "You don't miss a beat.";

/** The success message of an artist: stored, else built-in, else the default. */
export function messageFor(artistName: string, messages: Record<string, string>): string {
  return (
    (Object.hasOwn(messages, artistName) && messages[artistName]) ||
    builtInMessage(artistName) ||
    DEFAULT_MESSAGE
  );
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Manual retry: ask the server again for every artist without a built-in line. */
  regenerate?: boolean;
  /** The user's access token (defaults to the stored one). */
  getAccessToken?: () => Promise<string | null>;
}

// Artists whose batch is on its way, so a second caller (a remount, a retry) does not ask twice.
const pending = new Set<string>();

async function sendBatch(artistNames: string[], options: GenerateOptions): Promise<Record<string, string>> {
  const accessToken = await (options.getAccessToken ?? tokenSource().getAccessToken)();
  // Signed out meanwhile (log out while batches were queued): nobody to ask for, nothing to send.
  // A guest (a Spotify data export) asks without a token: the server answers from its templates.
  if (!accessToken && !readSourceSession() && !isGuest()) throw new SignedOutError('No access token');
  const reply = await withRetry(
    () =>
      callBackend('/functions/v1/generate-success-message', 'successReply', {
        body: { artistNames },
        accessToken,
        signal: options.signal,
      }),
    {
      ...RETRY.successMessages,
      signal: options.signal,
      // A refused request (bad input, signed out) will be refused again; server trouble may pass.
      shouldRetry: (error) => !(error instanceof BackendError && error.kind === 'refused'),
    },
  );
  return messagesOf(reply);
}

/**
 * Fills the quiz-messages store for artists without a message: built-in table first, the rest from
 * generate-success-message in batches of 10, 500 ms apart. A failed batch gives each of its artists
 * the default message. `regenerate` asks again for every artist without a built-in line.
 */
export async function generateMissingMessages(
  artistNames: string[],
  options: GenerateOptions = {},
): Promise<void> {
  const store = useQuizMessages.getState();
  const builtIn: Record<string, string> = {};
  const ask: string[] = [];
  for (const name of new Set(artistNames)) {
    const line = builtInMessage(name);
    if (line) {
      if (store.messages[name] !== line) builtIn[name] = line;
    } else if ((options.regenerate || !Object.hasOwn(store.messages, name)) && !pending.has(name)) {
      ask.push(name);
    }
  }
  if (Object.keys(builtIn).length > 0) store.mergeMessages(builtIn);
  for (const name of ask) pending.add(name);
  try {
    await runInBatches(ask, {
      signal: options.signal,
      send: (batch) => sendBatch(batch, options),
      onBatch: (messages) => useQuizMessages.getState().mergeMessages(messages),
      fallback: DEFAULT_MESSAGE,
    });
  } finally {
    for (const name of ask) pending.delete(name);
  }
}
