import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An answer to send instead of running the rest of a handler; app.onError turns it into JSON and logs
 * every 5xx with its `cause`.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly body: Record<string, unknown> = { error: message },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What a log line may say of an error: its name and first line, never a parameter list or a token. */
export function describeCause(cause: unknown): { name: string; message: string } | undefined {
  if (cause === undefined) return undefined;
  if (!(cause instanceof Error)) return { name: typeof cause, message: String(cause).slice(0, 200) };
  // A failed query's message ends with its parameters (phones, emails): keep only the statement.
  const message = (cause.message.split('\nparams:')[0] ?? '').slice(0, 500);
  return { name: cause.name, message };
}
