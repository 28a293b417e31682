import { t } from '../../i18n/i18n.ts';
import { BackendError, callBackend } from '../../lib/backend.ts';
import { SignedOutError } from '../../lib/errors.ts';
import { currentListener, spotifyTokenOf } from '../../lib/listener.ts';
import { linesOf } from './batches.ts';
import { builtInMessage } from './match-message.ts';
import { messagesOf } from './success-reply.ts';

/** The line of an artist without one of its own, in the listener's language. */
export function defaultMessage(): string {
  return t('messages.default');
}

/** The success message of an artist: stored, else built-in, else the default. */
export function messageFor(artistName: string, messages: Record<string, string>): string {
  return (
    (Object.hasOwn(messages, artistName) && messages[artistName]) ||
    builtInMessage(artistName) ||
    defaultMessage()
  );
}

/** The built-in lines of these artists that are not stored as they are. */
export function builtInLines(artistNames: readonly string[], stored: Record<string, string>) {
  const lines: Record<string, string> = {};
  for (const name of artistNames) {
    const line = builtInMessage(name);
    if (line && stored[name] !== line) lines[name] = line;
  }
  return lines;
}

/**
 * The artists to ask the server for, in list order: those without a built-in line and without a stored
 * one, or, when `answered` is given (a manual retry asks again), those not answered since.
 */
export function linesToAsk(
  artistNames: readonly string[],
  stored: Record<string, string>,
  answered?: ReadonlySet<string>,
): string[] {
  return [...new Set(artistNames)].filter(
    (name) => !builtInMessage(name) && !(answered ? answered.has(name) : Object.hasOwn(stored, name)),
  );
}

/** 600 ms, then 1200 ms (docs/product.md, "Loading the list"); a refusal or a signed-out listener is final. */
export function retryLinesAfter(failures: number, error: Error): number | null {
  if (error instanceof SignedOutError || (error instanceof BackendError && error.kind === 'refused'))
    return null;
  return failures <= 2 ? 600 * 2 ** (failures - 1) : null;
}

/** One batch's lines from generate-success-message; an artist the reply leaves out gets the default. */
export async function askLines(
  batch: readonly string[],
  signal: AbortSignal,
): Promise<Record<string, string>> {
  const listener = currentListener();
  const accessToken = await spotifyTokenOf(listener);
  // Signed out meanwhile (log out while batches were queued): nobody to ask for, nothing to send.
  // A guest (a data export) and a source's listener ask without a token: the server answers from its templates.
  if (listener.kind === 'nobody' || (listener.kind === 'spotify' && !accessToken))
    throw new SignedOutError('No access token');
  const reply = await callBackend('/functions/v1/generate-success-message', 'successReply', {
    body: { artistNames: batch },
    accessToken,
    signal,
  });
  return linesOf(batch, messagesOf(reply), defaultMessage());
}
