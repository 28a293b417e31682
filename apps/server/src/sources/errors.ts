import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../http/errors.ts';

/** What went wrong with a source, as the web app tells it apart (docs/product.md, "Other sources"). */
export type SourceFailure =
  | 'unknown-user'
  | 'signed-out'
  | 'rate-limited'
  | 'not-ready'
  | 'unavailable'
  | 'failed';

const STATUS: Record<SourceFailure, ContentfulStatusCode> = {
  'unknown-user': 404,
  'signed-out': 401,
  'rate-limited': 429,
  'not-ready': 409,
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
