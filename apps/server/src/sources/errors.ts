import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../http/errors.ts';

/**
 * What went wrong with a source, as the web app tells it apart (docs/product.md, "Other sources"): stable
 * codes the web words in the listener's language (docs/languages.md); `error` stays English, for logs.
 * `still-fetching`: another request is asking the source for the same list and has not answered in time.
 */
export type SourceFailure =
  | 'unknown-user'
  | 'signed-out'
  | 'rate-limited'
  | 'not-ready'
  | 'still-fetching'
  | 'unavailable'
  | 'failed';

const STATUS: Record<SourceFailure, ContentfulStatusCode> = {
  'unknown-user': 404,
  'signed-out': 401,
  'rate-limited': 429,
  'not-ready': 409,
  'still-fetching': 503,
  unavailable: 503,
  failed: 502,
};

/** A source's refusal or failure, answered as `{ error, code }` with the matching status. */
export class SourceError extends HttpError {
  constructor(
    readonly code: SourceFailure,
    message: string,
    readonly retryAfter?: number,
    cause?: unknown,
  ) {
    super(
      STATUS[code],
      message,
      retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) },
      { error: message, code },
      { cause },
    );
  }
}

/** Waits before another try: 300 ms, then 600 ms... */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 300 * 2 ** attempt));
}
