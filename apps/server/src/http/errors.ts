import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An answer to send instead of running the rest of a handler; app.onError turns it into JSON. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body: Record<string, unknown> = { error: message },
  ) {
    super(message);
  }
}
