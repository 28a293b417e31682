import { t } from '../i18n/i18n.ts';
import type { MessageId } from '../i18n/keys.ts';
import { BackendError } from './backend.ts';

/**
 * The codes every failure of our server may carry, whatever the route (apps/server/src/http/errors.ts,
 * `GenericFailure`), each with its text. The others (a malformed request, an unknown path, a 500) have
 * nothing the listener can act on: they get the caller's fallback.
 */
const GENERIC: Partial<Record<string, MessageId>> = {
  'signed-out': 'common.error.signedOut',
  'rate-limited': 'common.error.rateLimited',
  unavailable: 'common.error.unavailable',
};

/** How a screen words a failure: its domain's codes (each id written out in full), and its own fallbacks. */
export interface FailureWords {
  /** The codes of the domain's routes (a source's, the texts', a challenge's): they come before the generic ones. */
  codes?: Partial<Record<string, MessageId>>;
  /** No answer at all: the listener is offline or the server is out of reach. */
  offline?: MessageId;
  /** Any other failure. */
  fallback?: MessageId;
}

/**
 * What the listener reads about a failed call, in their language (docs/languages.md): the server sends a
 * stable `code` beside its English `error` (kept for logs and API users), and the code is worded here.
 */
export function failureText(error: unknown, words: FailureWords = {}): string {
  if (error instanceof BackendError && error.kind === 'network')
    return t(words.offline ?? 'common.error.offline');
  const code = error instanceof BackendError ? error.code : null;
  const id = code === null ? undefined : (words.codes?.[code] ?? GENERIC[code]);
  return t(id ?? words.fallback ?? 'common.error.failed');
}
