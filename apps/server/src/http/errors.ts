import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from './logger.ts';

/**
 * The codes a failure of any route may carry (docs/languages.md, "Catalogs": errors a listener reads carry
 * a `code`): the web app words them in the listener's language (apps/web/src/lib/failure-text.ts), while
 * `error` stays English for logs and API users. A domain's own failures carry its own codes (a source's,
 * the texts'); the rest (a malformed request, an unknown path) carry none.
 */
export type GenericFailure = 'signed-out' | 'rate-limited' | 'unavailable' | 'failed';

/**
 * An answer to send instead of running the rest of a handler; app.onError turns it into JSON and logs
 * every 5xx with its `cause`. Its body is `{ error, code? }` unless it is given one.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly body: Record<string, unknown>;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    body?: Record<string, unknown>,
    options?: { cause?: unknown; code?: GenericFailure },
  ) {
    super(message, options);
    this.body = body ?? { error: message, ...(options?.code ? { code: options.code } : {}) };
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

// node-postgres and PostgreSQL's ways of saying "no database right now": refused or dropped connections,
// a server shutting down or starting up, a connection timeout.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;
// Text PostgreSQL refuses to store (a NUL byte, an invalid byte sequence): the request is at fault.
const REFUSED_TEXT_CODES = new Set(['22021', '22P05']);

function codesOf(error: unknown): { code?: string; message: string }[] {
  const out: { code?: string; message: string }[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = 'code' in e ? e.code : undefined;
    out.push({ ...(typeof code === 'string' ? { code } : {}), message: e.message });
  }
  return out;
}

/** Whether an error means the database cannot be reached (answered with 503, not 500). */
function databaseUnavailable(error: unknown): boolean {
  return codesOf(error).some(
    (e) => (e.code && UNAVAILABLE_CODES.has(e.code)) || UNAVAILABLE_TEXT.test(e.message),
  );
}

/** Whether PostgreSQL refused text of the request (answered with 400, not 500). */
function textRefused(error: unknown): boolean {
  return codesOf(error).some((e) => e.code !== undefined && REFUSED_TEXT_CODES.has(e.code));
}

/** What a call that failed answers: status, JSON body and headers of its own. */
export interface FailureAnswer {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * The answer to an error a handler threw, logged as it deserves: an HttpError as it says (a 5xx logged
 * with its cause), an unreachable database 503, text PostgreSQL refuses 400, anything else 500 (logged).
 */
export function failureOf(error: unknown, path: string, logger: Logger): FailureAnswer {
  if (error instanceof HttpError) {
    if (error.status >= 500) {
      logger.warn({ status: error.status, path, cause: describeCause(error.cause) }, error.message);
    }
    return {
      status: error.status,
      body: error.body,
      headers: error.headers,
    };
  }
  if (databaseUnavailable(error)) {
    logger.warn({ path, cause: describeCause(error) }, 'database unavailable');
    return {
      status: 503,
      body: { error: 'The service is briefly unavailable, try again shortly', code: 'unavailable' },
      headers: { 'Retry-After': '5' },
    };
  }
  if (textRefused(error)) {
    return {
      status: 400,
      body: { error: 'The request holds characters that cannot be stored' },
      headers: {},
    };
  }
  logger.error({ err: describeCause(error), path }, 'request failed');
  return { status: 500, body: { error: 'Internal server error', code: 'failed' }, headers: {} };
}
