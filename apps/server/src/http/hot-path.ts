import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';

/** What a hot route answers: a status, JSON (text or UTF-8 bytes), and headers of its own (Cache-Control). */
interface HotAnswer {
  status: number;
  json: string | Buffer;
  headers: Record<string, string>;
}

/**
 * A route Node's server answers itself, before Hono (apps/server/README.md, "Hot paths"). It takes only
 * the calls it answers exactly as the Hono route of the same path would, and takes them before anything
 * is counted or read; every other call goes to Hono as it came.
 */
export interface HotRoute {
  method: 'GET' | 'POST';
  path: string;
  takes(req: IncomingMessage): boolean;
  answer(req: IncomingMessage, url: string): Promise<HotAnswer>;
}

export interface HotPathOptions {
  /** Headers every answer carries: a data answer's security headers and `Vary: Origin`. */
  headers: [string, string][];
  /** The answer to a failure, as Hono's error handler gives it. */
  failure(error: unknown, path: string): HotAnswer;
  /** Writes the request log line, as the request-log middleware does; absent when it is off. */
  log?: (line: { method: string; path: string; status: number; ms: number }) => void;
}

/** A request header as one string (Node joins repeated ones), undefined when absent. */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The body's length when a Content-Length gives it and no chunked encoding overrides it: Node's parser
 * then delivers exactly that many bytes, so the header alone can be held to a limit.
 */
export function declaredLength(
  length: string | undefined,
  transferEncoding: string | undefined,
): number | undefined {
  if (length === undefined || transferEncoding !== undefined || !/^\d{1,15}$/.test(length)) return undefined;
  return Number(length);
}

const decoder = new TextDecoder();

/**
 * The body's text, read straight from Node's request and decoded as the Fetch API's `text()` does
 * (UTF-8, a leading byte-order mark dropped, bad bytes replaced). A broken body is a 400, as a body
 * Hono cannot read is.
 */
export function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Read as it becomes readable: cheaper than flowing 'data' events for a body of one or two chunks.
    req.on('readable', () => {
      for (let chunk: Buffer | null = req.read(); chunk !== null; chunk = req.read()) chunks.push(chunk);
    });
    req.on('end', () => resolve(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks))));
    req.on('error', () => reject(new HttpError(400, 'Malformed JSON body')));
  });
}

/**
 * Node's request listener with the hot routes in front of `fallback` (Hono through its Node adapter).
 * A hot answer carries the same status, headers and body as Hono's answer to the same call.
 */
export function withHotRoutes(
  routes: HotRoute[],
  options: HotPathOptions,
  fallback: RequestListener,
): RequestListener {
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  const fixed = options.headers.flat();
  function send(res: ServerResponse, answer: HotAnswer): void {
    const headers = [...fixed];
    for (const name in answer.headers) headers.push(name, answer.headers[name] ?? '');
    headers.push(
      'Content-Type',
      'application/json',
      'Content-Length',
      String(Buffer.byteLength(answer.json)),
    );
    res.writeHead(answer.status, headers);
    res.end(answer.json);
  }
  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const route = byKey.get(`${req.method} ${path}`);
    // A browser's cross-origin call (Origin) is worked out by Hono's CORS.
    if (!route || req.headers.origin !== undefined || !route.takes(req)) return fallback(req, res);
    const started = options.log ? performance.now() : 0;
    const done = (answer: HotAnswer) => {
      send(res, answer);
      options.log?.({
        method: route.method,
        path,
        status: answer.status,
        ms: Math.round(performance.now() - started),
      });
    };
    let answering: Promise<HotAnswer>;
    try {
      answering = route.answer(req, url);
    } catch (error) {
      answering = Promise.reject(error);
    }
    answering
      .then(done, (error: unknown) => done(options.failure(error, path)))
      // Only a response that can no longer be written gets here: nothing is left to answer.
      .catch(() => res.destroy());
  };
}
